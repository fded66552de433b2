import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../domain/catalog/photos/photo-limits.ts";
import { acceptedPicture } from "../../domain/catalog/photos/photo-rules.ts";
import { parsePhotoFileName, photoSrcSet, variantWidths } from "../../domain/catalog/photos/photo-variants.ts";
import { createSharpPictureEncoder, encodeVariants, pictureFacts } from "../../integrations/images/photo-encoder.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { jpegWithLocation, picture, pngClaiming } from "../setup/pictures.ts";

const pictures = createSharpPictureEncoder();

/** The words a refused picture is refused with. */
async function refusal(bytes: Uint8Array): Promise<string> {
  try {
    await acceptedPicture(pictures, bytes);
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_USER_INPUT") return error.fields?.image ?? "";
    throw error;
  }
  throw new Error("the picture was accepted");
}

describe("what an uploaded photo is, told by its bytes", () => {
  it("accepts JPEG, PNG, WebP and AVIF, each told from its content", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      expect(await acceptedPicture(pictures, await picture(format))).toEqual({ format, width: 800, height: 600 });
    }
  });

  it("reads a PNG named photo.jpg as the PNG it is: no name or declared type reaches the check", async () => {
    const file = new File([await picture("png")], "photo.jpg", { type: "image/jpeg" });
    const facts = await acceptedPicture(pictures, new Uint8Array(await file.arrayBuffer()));
    expect(facts.format).toBe("png");
  });

  it("refuses a text file named photo.png, and a picture in a format the shop does not take", async () => {
    const text = new File(["<svg onload=alert(1)>not a picture</svg>"], "photo.png", { type: "image/png" });
    expect(await refusal(new Uint8Array(await text.arrayBuffer()))).toBe("That file is not a JPEG, PNG, WebP or AVIF picture.");
    expect(await refusal(await picture("jpeg").then((jpeg) => jpeg.slice(0, 40)))).toContain("not a JPEG");
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expect(await refusal(new Uint8Array(tiff))).toContain("not a JPEG");
  });

  it("refuses a file over 10 MB before reading it, and a picture of more than 40 million pixels before decoding it", async () => {
    const oversize = new Uint8Array(PHOTO_MAX_BYTES + 1);
    oversize.set(await picture("png"));
    expect(await refusal(oversize)).toBe("The picture is larger than 10 MB.");
    // A few hundred bytes claiming 8000 x 6000 pixels: a decompression bomb's header.
    const bomb = await pngClaiming(8000, 6000);
    expect(bomb.byteLength).toBeLessThan(1000);
    expect(await refusal(bomb)).toBe("The picture has more than 40 million pixels.");
    expect((await acceptedPicture(pictures, await pngClaiming(8000, 5000))).width).toBe(8000);
  });

  it("refuses a picture under 500 pixels on its shorter side, saying its size and the minimum", async () => {
    expect(await refusal(await picture("png", 1, 1))).toBe(
      "The picture is 1 × 1 pixels: a product photo needs at least 500 pixels on its shorter side.",
    );
    expect(await refusal(await picture("jpeg", 2000, 499))).toContain("at least 500 pixels on its shorter side");
    expect(await acceptedPicture(pictures, await picture("webp", 500, 2000))).toEqual({
      format: "webp",
      width: 500,
      height: 2000,
    });
  });

  it("stops decoding at the pixel limit even when asked to encode directly", async () => {
    expect(
      await encodeVariants(await pngClaiming(8000, 6000), { widths: [320], formats: ["webp"], maxPixels: 40_000_000 }),
    ).toEqual({
      unreadable: expect.stringMatching(/pixel limit/),
    });
  });

  it("leaves the camera details and GPS position out of every variant", async () => {
    const source = await jpegWithLocation();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const encoded = await encodeVariants(source, { widths: [320, 640], formats: ["avif", "webp"], maxPixels: 40_000_000 });
    const variants = "variants" in encoded ? encoded.variants : [];
    expect(variants).toHaveLength(4);
    for (const variant of variants) {
      const facts = await pictureFacts(variant.body);
      expect(facts?.format).toBe(variant.format);
      expect(facts?.width).toBe(variant.width);
      const meta = await sharp(variant.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });
});

describe("the sizes a photo is kept and offered at", () => {
  it("keeps the fixed widths a picture covers, or its own width when it is narrower than all of them", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([320, 640, 960]);
    expect(variantWidths(200)).toEqual([200]);
    const photo = { hash: "0123456789abcdef", alt: "A box", width: 700, height: 700 };
    expect(photoSrcSet(photo, "avif")).toBe("/photos/0123456789abcdef-320.avif 320w, /photos/0123456789abcdef-640.avif 640w");
  });

  it("reads back only the names it gives out", () => {
    expect(parsePhotoFileName("0123456789abcdef-640.webp")).toEqual({ hash: "0123456789abcdef", width: 640, format: "webp" });
    for (const name of [
      "0123456789abcdef-640.png",
      "../etc-640.webp",
      "0123456789ABCDEF-640.webp",
      "0123456789abcdef-0640.avif",
    ]) {
      expect(parsePhotoFileName(name)).toBeNull();
    }
  });
});
