import { z } from "zod";
import { isTokenRefusal } from "../../integrations/identity/identity-client.ts";
import { AppError } from "../../kernel/app-error.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { ownMemberIn } from "../shared/access.ts";
import type { OperationContext } from "../shared/context.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { cognitoDataInput, readCognitoData } from "./cognito-data.ts";
import { linkIdentity } from "./link-identity.ts";
import type { MemberView } from "./member-view.ts";

export const LinkMemberInput = z.object({ currentMemberId: identifier(), cognitoData: cognitoDataInput() });

async function identityOfSecondAccount(ctx: OperationContext, accessToken: string): Promise<VerifiedIdentity> {
  try {
    return await ctx.identity.identityOfAccessToken(accessToken);
  } catch (error) {
    if (isTokenRefusal(error)) {
      throw new AppError("BAD_USER_INPUT", "The account to link could not be verified. Please sign in to it again.");
    }
    throw error;
  }
}

const declared = { access: ownMemberIn("currentMemberId"), input: LinkMemberInput };

/**
 * linkMember: links a second social account to the caller's own member, proven by that account's
 * access token (cognitoData.accessToken), under the rules of link-identity.ts.
 */
export const linkMember = defineOperation(declared, async function linkMember(ctx, input): Promise<MemberView> {
  const { accessToken } = readCognitoData(ctx, input.cognitoData);
  if (!accessToken) {
    throw new AppError("BAD_USER_INPUT", "cognitoData must carry the access token of the account to link as accessToken.");
  }
  return linkIdentity(ctx, input.currentMemberId, await identityOfSecondAccount(ctx, accessToken));
});
