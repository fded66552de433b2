import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useNavigation } from "react-router";
import { MovePhotoInput, movePhoto, RemovePhotoInput, removePhoto } from "../../../domain/catalog/photos/arrange-photos.ts";
import { listProductPhotos } from "../../../domain/catalog/photos/list-product-photos.ts";
import { PHOTO_RULES_TEXT } from "../../../domain/catalog/photos/photo-limits.ts";
import { pictureTooLarge } from "../../../domain/catalog/photos/photo-rules.ts";
import { photoPath, variantWidths } from "../../../domain/catalog/photos/photo-variants.ts";
import { UploadPhotoInput, uploadPhoto } from "../../../domain/catalog/photos/upload-photo.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, filesOf, formText, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffPage, requireStaffUpload } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-product-photos";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData ? `Photos of ${args.loaderData.product.name}` : "Photos"),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { product, photos } = await refusedAsPage(listProductPhotos(operations, { productId: args.params.productId }));
  return {
    product,
    photos: photos.map((photo) => ({
      id: photo.id,
      alt: photo.alt,
      src: photoPath(photo.hash, variantWidths(photo.width)[0] ?? photo.width, "webp"),
      size: `${photo.width} × ${photo.height}`,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  try {
    const { operations, form } = await requireStaffUpload(args, pictureTooLarge);
    switch (formText(form, "intent")) {
      case "upload": {
        const known = { productId: args.params.productId, image: (await filesOf(form, "image"))[0] };
        await uploadPhoto(operations, formInput(UploadPhotoInput, form, known));
        return { ok: true, message: "The photo is added at the end of the gallery." } satisfies ActionResult;
      }
      case "move": {
        const moved = await movePhoto(operations, formInput(MovePhotoInput, form, { productId: args.params.productId }));
        return { ok: true, message: `“${moved.alt}” is now photo ${moved.place}.` } satisfies ActionResult;
      }
      case "remove": {
        const removed = await removePhoto(operations, formInput(RemovePhotoInput, form, { productId: args.params.productId }));
        return { ok: true, message: `“${removed.alt}” is removed from the gallery.` } satisfies ActionResult;
      }
      default:
        return unreadableRequest();
    }
  } catch (error) {
    return failureResult(error, { labels: { alt: "Alt text", image: "Photo" } });
  }
}

/** A gallery button's id: after a move the focus stays with the photo, on the button that is still there. */
const buttonId = (photoId: string, action: string) => `photo-${action}-${photoId}`;

/** What was last sent from the page: the upload form, or a gallery button of one photo. */
type Sent = { form: "upload" } | { form: "gallery"; photoId: string; action: "up" | "down" | "remove" };

export default function AdminProductPhotos({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { product, photos } = loaderData;
  const [sent, setSent] = useState<Sent | null>(null);
  /** The gallery button whose answer is awaited, to move the focus once the page shows the change. */
  const awaited = useRef<Sent | null>(null);
  const send = (what: Sent) => {
    awaited.current = what;
    setSent(what);
  };
  const idle = useNavigation().state === "idle";
  const galleryHeading = useRef<HTMLHeadingElement>(null);
  // A moved photo's button may vanish at an end of the gallery, a removed photo's always does: once
  // the gallery is shown again, the focus goes to the photo's other button, else to the gallery.
  useEffect(() => {
    const what = awaited.current;
    if (!idle || !result || what?.form !== "gallery") return;
    awaited.current = null;
    const [first, second] = what.action === "up" ? ["up", "down"] : ["down", "up"];
    const button =
      what.action === "remove"
        ? null
        : (document.getElementById(buttonId(what.photoId, first)) ?? document.getElementById(buttonId(what.photoId, second)));
    (button ?? galleryHeading.current)?.focus();
  }, [idle, result]);
  const gallerySent = sent?.form === "gallery";
  return (
    <>
      <PageHeading
        title={`Photos of ${product.name}`}
        back={{ to: "/admin/catalogue", label: "All products" }}
        aside={
          <Link to={`/admin/catalogue/products/${product.id}`} className={LINK}>
            Edit the product
          </Link>
        }
      >
        The first photo is the product's picture in listings; the shop shows the photos in this order. Without photos the shop
        shows its default picture of the product.
      </PageHeading>
      {sent === null && <ActionMessage result={result} />}
      <Section id="upload" title="Add a photo">
        <AdminForm
          intent="upload"
          encType="multipart/form-data"
          answer={gallerySent ? undefined : result}
          resetAfter={gallerySent ? undefined : result}
          onSubmit={() => send({ form: "upload" })}
          className="space-y-4"
        >
          <div>
            <Field
              id="photo-image"
              name="image"
              label="Photo"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby="photo-image-hint"
            />
            <p id="photo-image-hint" className="mt-1 text-sm text-muted">
              {`${PHOTO_RULES_TEXT}.`} Camera details and location are removed.
            </p>
          </div>
          <Field id="photo-alt" name="alt" label="Alt text (what the photo shows)" required maxLength={250} />
          {sent?.form === "upload" && <ActionMessage result={result} />}
          <SubmitButton>Upload photo</SubmitButton>
        </AdminForm>
      </Section>
      <section aria-labelledby="gallery-heading" className="mt-8">
        <h2 id="gallery-heading" ref={galleryHeading} tabIndex={-1} className="text-xl font-bold text-brand-900">
          Gallery ({photos.length})
        </h2>
        {gallerySent && <ActionMessage result={result} />}
        {photos.length === 0 && (
          <p className="mt-3 text-muted">No photos yet: the shop shows its default picture until you add one.</p>
        )}
        <ol className="mt-3 space-y-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
              <img src={photo.src} alt={photo.alt} width={96} height={96} className="size-24 rounded object-cover" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold wrap-anywhere">
                  {index + 1}. {photo.alt}
                </p>
                <p className="text-sm text-muted">{photo.size} pixels</p>
              </div>
              <div className="flex flex-wrap gap-2">
                {index > 0 && <PhotoButton photo={photo} action="up" label="Move up" onSend={send} />}
                {index < photos.length - 1 && <PhotoButton photo={photo} action="down" label="Move down" onSend={send} />}
                <PhotoButton photo={photo} action="remove" label="Remove" onSend={send} />
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function PhotoButton({
  photo,
  action,
  label,
  onSend,
}: {
  photo: { id: string; alt: string };
  action: "up" | "down" | "remove";
  label: string;
  onSend: (sent: Sent) => void;
}) {
  const fields: [string, string][] = [
    ["photoId", photo.id],
    ...(action === "remove" ? [] : [["direction", action] as [string, string]]),
  ];
  return (
    <AdminForm
      intent={action === "remove" ? "remove" : "move"}
      hiddenFields={fields}
      preventScrollReset
      onSubmit={() => onSend({ form: "gallery", photoId: photo.id, action })}
    >
      <SubmitButton id={buttonId(photo.id, action)} look={action === "remove" ? "danger" : "secondary"}>
        {label}
        <span className="sr-only">{`: ${photo.alt}`}</span>
      </SubmitButton>
    </AdminForm>
  );
}
