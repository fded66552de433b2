import type { ReactNode } from "react";

export type Column<Row> = {
  heading: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right, heading and cells alike. */
  numeric?: boolean;
  /** The cell that names its row, for screen readers reading across (a `th` of the row). */
  rowHeader?: boolean;
  /** This column's own cell classes: how its text wraps, how wide it may get. */
  className?: string;
};

/** How wide a table stays before it scrolls sideways: a table of few short columns fits a phone. */
const MIN_WIDTHS = {
  phone: "",
  narrow: "min-w-[28rem]",
  normal: "min-w-[36rem]",
  wide: "min-w-[44rem]",
  widest: "min-w-[48rem]",
} as const;

/**
 * A back-office table: a caption for screen readers, column headings, one row per item, and a
 * sentence instead when there is nothing to show. In a box that scrolls sideways when wider than
 * the screen, which keyboard users can reach.
 */
export function DataTable<Row>({
  caption,
  label = caption,
  columns,
  rows,
  rowKey,
  empty,
  minWidth = "normal",
  dense = false,
  className = "",
}: {
  caption: string;
  /** The name of the scrolling box, when it differs from the caption ("Orders found"). */
  label?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  minWidth?: keyof typeof MIN_WIDTHS;
  /** Smaller text and tighter cells, for tables of many columns (the audit log). */
  dense?: boolean;
  className?: string;
}) {
  if (rows.length === 0) return <p className={className}>{empty}</p>;
  const pad = dense ? "px-2 py-2" : "p-3";
  const align = (column: Column<Row>) => (column.numeric ? "text-right" : "");
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it.
      tabIndex={0}
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}
    >
      <table className={`w-full text-left ${MIN_WIDTHS[minWidth]} ${dense ? "text-sm" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={`${pad} ${align(column)}`}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-200 align-top">
              {columns.map((column) => {
                const classes = `${pad} ${align(column)} ${column.className ?? ""}`;
                return column.rowHeader ? (
                  <th key={column.heading} scope="row" className={`${classes} font-medium`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.heading} className={classes}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
