import { useFileImage } from '../../../uploads/fileImages.js';
import { usePickedFileName } from '../../../uploads/queries.js';
import { CoverPlaceholder } from './CoverPlaceholder.js';

/** The cover: the chosen photo (kept on the device once seen), or the placeholder banner while there is none. */
export function CoverPhoto({ name, category, cover }: { name: string; category: number | null; cover: string | null }) {
  const image = useFileImage(cover ?? '', 'image/jpeg', usePickedFileName(cover));
  if (cover === null || cover === '' || image.url === null) return <CoverPlaceholder name={name} category={category} />;
  return (
    <div className="vehicle-cover" data-cover="photo">
      {/* The page's largest picture, which a person waits for: asked for before the page's scripts. */}
      <img className="vehicle-cover__photo" src={image.url} alt={`${name}: cover photo`} fetchPriority="high" />
    </div>
  );
}
