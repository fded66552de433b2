import QRCode from "qrcode";

/** The text's QR code (error correction level M) as rows of dark (true) and light modules. */
export function qrModules(text: string): boolean[][] {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => data[y * size + x] === 1));
}

/** The text's QR code as an SVG picture, with the quiet zone around it the standard asks for. */
export function qrSvg(text: string, label: string): string {
  const modules = qrModules(text);
  const size = modules.length + 8;
  const path = modules.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x + 4} ${y + 4}h1v1h-1z`] : []))).join("");
  const title = label.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${title}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
