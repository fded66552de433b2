import type { IncomingMessage, ServerResponse } from "node:http";
import { errors, type Interaction } from "oidc-provider";
import type { EmbeddedProvider } from "./provider.ts";
import { SCOPE } from "./provider.ts";

export type NodeExchange = { incoming: IncomingMessage; outgoing: ServerResponse };

/** The interaction this browser is in (from the provider's cookie), or null when it is missing or over. */
export async function currentInteraction(
  { provider }: EmbeddedProvider,
  { incoming, outgoing }: NodeExchange,
  uid: string,
): Promise<Interaction | null> {
  try {
    const interaction = await provider.interactionDetails(incoming, outgoing);
    return interaction.uid === uid ? interaction : null;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return null;
    throw error;
  }
}

/**
 * Signs the account in and grants the shop its scopes without asking: the shop is the provider's only,
 * first-party client. Returns where the browser goes next (back into the authorization flow).
 */
export async function completeSignIn(
  idp: EmbeddedProvider,
  exchange: NodeExchange,
  interaction: Interaction,
  accountId: string,
): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const grant = new idp.provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPE);
  grant.addResourceScope(idp.resource, SCOPE);
  const grantId = await grant.save();
  return idp.provider.interactionResult(
    exchange.incoming,
    exchange.outgoing,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

export function cancelSignIn(idp: EmbeddedProvider, exchange: NodeExchange): Promise<string> {
  return idp.provider.interactionResult(
    exchange.incoming,
    exchange.outgoing,
    { error: "access_denied", error_description: "The sign-in was cancelled." },
    { mergeWithLastSubmission: false },
  );
}
