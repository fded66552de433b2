import { useState } from "react";
import { DUMMY_ORDER_DEFAULT_PRICE_CENTS, MAX_DUMMY_ORDER_PRICE } from "../../../domain/loyalty/points/debug-defaults.ts";
import { ConfirmAction } from "./confirm-action.tsx";
import { createDummyOrder, deleteDummyOrder } from "./debug-actions.ts";
import type { DebugMember, DummyOrder } from "./debug-member.ts";
import { Folder, INPUT, LABEL, PRIMARY_BUTTON } from "./folder.tsx";
import { dummyOrderLoss } from "./losses.ts";
import type { DebugTools } from "./use-debug-tools.ts";

const FIELDS: (keyof DummyOrder)[] = ["id", "invoiceId", "mobile", "price", "memberId", "createdAt", "email", "timestamp"];

export function DummyOrdersFolder({ tools, member }: { tools: DebugTools; member: DebugMember }) {
  const { run, busy } = tools;
  const [price, setPrice] = useState(String(DUMMY_ORDER_DEFAULT_PRICE_CENTS / 100));
  const [mobile, setMobile] = useState("");
  const create = (when: "old" | "new") =>
    run(`Create a dummy order (${when})`, () => createDummyOrder(member, when, { price: Number(price), mobile }));

  return (
    <Folder title="Dummy Orders">
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label className={LABEL} htmlFor="debug-order-price">
            Price (S$)
          </label>
          <input
            id="debug-order-price"
            type="number"
            min={1}
            max={MAX_DUMMY_ORDER_PRICE}
            className={INPUT}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
          />
        </div>
        <div>
          <label className={LABEL} htmlFor="debug-order-mobile">
            Mobile (optional)
          </label>
          <input
            id="debug-order-mobile"
            type="tel"
            className={INPUT}
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => create("old")}>
          Create old order
        </button>
        <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => create("new")}>
          Create new order
        </button>
      </div>
      {member.dummyOrders.length === 0 ? (
        <p>No dummy orders.</p>
      ) : (
        <ul className="space-y-2" aria-label="Dummy orders">
          {member.dummyOrders.map((order) => (
            <li key={order.id} className="rounded border border-slate-200 p-2">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
                {FIELDS.map((field) => (
                  <div key={field} className="contents">
                    <dt className="font-semibold">{field}</dt>
                    <dd className="break-all">{String(order[field] ?? "")}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-2">
                <ConfirmAction
                  label={`Delete order ${order.invoiceId}`}
                  loss={dummyOrderLoss(order)}
                  doIt="Delete it"
                  busy={busy}
                  onConfirm={() => run(`Delete dummy order ${order.invoiceId}`, () => deleteDummyOrder(member, order.id))}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Folder>
  );
}
