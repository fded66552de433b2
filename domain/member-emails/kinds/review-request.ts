import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { defineMemberEmail, SAMPLE } from "../define-member-email.ts";
import { queueMemberEmail } from "../queue-member-email.ts";

/**
 * How many days after an order is delivered its member is asked to review what they bought: long
 * enough to have tried it. A choice of how the shop writes to members, like GOLD_ENDING_NOTICE_DAYS.
 */
export const REVIEW_REQUEST_AFTER_DAYS = 7;

/**
 * How many days past that a late run (a worker stopped for a while) still asks. Orders delivered
 * earlier are never asked about, so the shop does not write to every past customer at once.
 */
export const REVIEW_REQUEST_LATE_DAYS = 7;

/** The path of the page where a member reviews a product: the email links each product straight to it. */
const reviewProductPath = (productId: string) => `/member/reviews/${productId}`;

export const reviewRequestEmail = defineMemberEmail({
  kind: "review-request",
  label: "Asking for your review",
  about: `${REVIEW_REQUEST_AFTER_DAYS} days after an order arrives, a note asking how you find what you have not reviewed yet.`,
  data: z.object({
    invoiceId: z.string(),
    /** The order's products the member had not reviewed when it was written. */
    products: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
  }),
  body: (data, context) => {
    const [first, ...others] = data.products;
    const one = others.length === 0 && first;
    return {
      subject: one ? `How are you finding ${one.name}?` : "How are you finding your order?",
      preheader: "Tell other shoppers what you think: a few words and a rating help them choose.",
      heading: one ? `How are you finding ${one.name}?` : "How are you finding your order?",
      paragraphs: [
        `Your order ${data.invoiceId} arrived a little while ago. Tell other shoppers what you think: a rating and a few words, with photos if you like.`,
      ],
      action: {
        label: one ? `Review ${one.name}` : "Review your products",
        url: `${context.publicUrl}${one ? reviewProductPath(one.id) : "/member/reviews"}`,
      },
      ...(one
        ? {}
        : {
            links: data.products.map((product) => ({
              label: `Review ${product.name}`,
              url: `${context.publicUrl}${reviewProductPath(product.id)}`,
            })),
          }),
    };
  },
  sample: () => ({
    invoiceId: SAMPLE.invoiceId,
    products: [
      { id: "m8", name: "Luna Collagen Nectar" },
      { id: "j4", name: "Joffee" },
    ],
  }),
});

/** The products of a delivered order not yet reviewed: once per order (its id is the subject). */
export function queueReviewRequestEmail(
  tx: Tx,
  jobs: JobQueue,
  input: { memberId: string; orderId: string; invoiceId: string; products: { id: string; name: string }[] },
): Promise<boolean> {
  return queueMemberEmail(tx, jobs, reviewRequestEmail, {
    memberId: input.memberId,
    subjectKey: input.orderId,
    data: { invoiceId: input.invoiceId, products: input.products },
  });
}
