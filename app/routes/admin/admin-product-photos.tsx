import { useActionData } from "react-router";
import { MovePhotoInput, movePhoto, RemovePhotoInput, removePhoto } from "../../../domain/catalog/photos/arrange-photos.ts";
import { listProductPhotos } from "../../../domain/catalog/photos/list-product-photos.ts";
import { PHOTO_MAX_BYTES, PHOTO_TYPES_TEXT } from "../../../domain/catalog/photos/photo-limits.ts";
import { photoPath, variantWidths } from "../../../domain/catalog/photos/photo-variants.ts";
import { UploadPhotoInput, uploadPhoto } from "../../../domain/catalog/photos/upload-photo.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
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

/** The chosen file's bytes; none when the form came without one. */
async function imageOf(form: FormData): Promise<Uint8Array | undefined> {
  const file = form.get("image");
  return file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    switch (formText(form, "intent")) {
      case "upload": {
        const known = { productId: args.params.productId, image: await imageOf(form) };
        await uploadPhoto(operations, formInput(UploadPhotoInput, form, known));
        return { ok: true, message: "The photo is added at the end of the gallery." } satisfies ActionResult;
      }
      case "move": {
        const moved = await movePhoto(operations, formInput(MovePhotoInput, form, { productId: args.params.productId }));
        return { ok: true, message: `The photo is now number ${moved.place}.` } satisfies ActionResult;
      }
      case "remove": {
        await removePhoto(operations, formInput(RemovePhotoInput, form, { productId: args.params.productId }));
        return { ok: true, message: "The photo is removed from the gallery." } satisfies ActionResult;
      }
      default:
        return unreadableRequest();
    }
  } catch (error) {
    return failureResult(error, { labels: { alt: "Alt text", image: "Photo" } });
  }
}

const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;

export default function AdminProductPhotos({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { product, photos } = loaderData;
  return (
    <>
      <PageHeading title={`Photos of ${product.name}`} back={{ to: "/admin/catalogue", label: "All products" }}>
        The first photo is the product's picture in listings; the shop shows the photos in this order. Without photos the shop
        draws the pack.
      </PageHeading>
      <ActionMessage result={result} />
      <Section id="upload" title="Add a photo">
        <AdminForm intent="upload" encType="multipart/form-data" answer={result} resetAfter={result} className="space-y-4">
          <div>
            <label htmlFor="photo-image" className="block font-semibold">
              Photo
            </label>
            <input
              id="photo-image"
              name="image"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby="photo-image-hint"
              className="mt-1 block w-full min-h-11"
            />
            <p id="photo-image-hint" className="mt-1 text-sm text-muted">
              {PHOTO_TYPES_TEXT}, at most {MAX_MB} MB. Camera details and location are removed.
            </p>
          </div>
          <Field id="photo-alt" name="alt" label="Alt text (what the photo shows)" required maxLength={250} />
          <SubmitButton>Upload photo</SubmitButton>
        </AdminForm>
      </Section>
      <Section id="gallery" title={`Gallery (${photos.length})`}>
        {photos.length === 0 && <p className="text-muted">No photos yet.</p>}
        <ol className="space-y-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
              <img src={photo.src} alt={photo.alt} width={96} height={96} className="size-24 rounded object-cover" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold">
                  {index + 1}. {photo.alt}
                </p>
                <p className="text-sm text-muted">{photo.size} pixels</p>
              </div>
              <div className="flex flex-wrap gap-2">
                {index > 0 && <PhotoButton intent="move" photo={photo} direction="up" label="Move up" />}
                {index < photos.length - 1 && <PhotoButton intent="move" photo={photo} direction="down" label="Move down" />}
                <PhotoButton intent="remove" photo={photo} label="Remove" />
              </div>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

function PhotoButton({
  intent,
  photo,
  direction,
  label,
}: {
  intent: "move" | "remove";
  photo: { id: string; alt: string };
  direction?: "up" | "down";
  label: string;
}) {
  const fields: [string, string][] = [
    ["photoId", photo.id],
    ...(direction ? [["direction", direction] as [string, string]] : []),
  ];
  return (
    <AdminForm intent={intent} hiddenFields={fields} preventScrollReset>
      <SubmitButton look={intent === "remove" ? "danger" : "secondary"}>
        {label}
        <span className="sr-only">{`: ${photo.alt}`}</span>
      </SubmitButton>
    </AdminForm>
  );
}
