import { z } from "zod";
import { AppError } from "../../../kernel/app-error.ts";
import { signedIn } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";
import { cognitoDataInput, readCognitoData } from "../cognito-data.ts";
import { byMemberId, loadMemberView } from "../load-member.ts";
import type { MemberView } from "../member-view.ts";
import { memberOfIdentity } from "./member-of-identity.ts";

export const GetOrCreateMemberInput = z.object({ cognitoData: cognitoDataInput() });

/**
 * getOrCreateMember: the member the caller signs in as. A bearer token's account is found or made a
 * member (cognitoData may add the name and picture, never who it is); a browser session's member was
 * made at sign-in and is returned as it is.
 */
export const getOrCreateMember = defineOperation(
  { access: signedIn, input: GetOrCreateMemberInput },
  async function getOrCreateMember(ctx, input, viewer): Promise<{ member: MemberView; created: boolean }> {
    const extras = readCognitoData(ctx, input.cognitoData);
    if (viewer.identity) return memberOfIdentity(ctx, viewer.identity, extras);
    const member = viewer.memberId ? await loadMemberView(ctx, byMemberId(viewer.memberId)) : null;
    if (!member) throw new AppError("UNAUTHENTICATED", "Your sign-in has expired or is not valid. Please sign in again.");
    return { member, created: false };
  },
);
