import { Link } from "react-router";
import { listMyReviews } from "../../../domain/reviews/member-reviews.ts";
import { BackLink } from "../../components/back-link.tsx";
import { ReviewStatusBadge } from "../../components/reviews/review-status.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { requestContext } from "../../context.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Your reviews");

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireMember(ctx, request);
  return { items: await listMyReviews(ctx.operations, {}) };
}

export default function MemberReviews({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/member">Member home</BackLink>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900">Your reviews</h1>
      <p className="mt-2 text-muted">
        Tell other shoppers what you think of what you bought. Our team reads each review before it is published; your first
        published review earns the review points.
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-slate-50 p-5">
          Products you buy while signed in appear here to review.{" "}
          <Link to="/shop" className="font-semibold text-brand-700 underline">
            Shop the range
          </Link>
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map(({ product, review }) => (
            <li
              key={product.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-bold text-brand-900">
                  <Link to={product.path} className="hover:underline">
                    {product.name}
                  </Link>
                </h2>
                {review && (
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <Stars rating={review.rating} />
                    <span className="font-medium">{review.title}</span>
                    <ReviewStatusBadge status={review.status} />
                  </div>
                )}
              </div>
              {!review && (
                <Link
                  to={`/member/reviews/${product.id}`}
                  aria-label={`Review ${product.name}`}
                  className="rounded-full bg-brand-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-800"
                >
                  Write a review
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
