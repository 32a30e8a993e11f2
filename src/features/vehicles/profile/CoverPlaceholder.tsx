import CarFront from 'lucide-react/icons/car-front';
import { categoryLabel } from '../../../domain/vehicleCategories.js';

/**
 * The cover area at the top of a profile. Until the vehicle has a cover photo, a calm banner in the theme's colours
 * with a car and the vehicle's category stands in, so the page never shows a broken image or an empty box.
 */
export function CoverPlaceholder({ name, category }: { name: string; category: number | null }) {
  const label = categoryLabel(category);
  return (
    <div className="vehicle-cover" data-cover="placeholder" role="img" aria-label={`${name}: no cover photo yet`}>
      <CarFront className="vehicle-cover__car" aria-hidden="true" strokeWidth={1.5} />
      {label && (
        <span className="vehicle-cover__category" aria-hidden="true">
          {label}
        </span>
      )}
    </div>
  );
}
