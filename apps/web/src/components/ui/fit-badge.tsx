import type { FitVerdict } from '@shop/shared';

/** SPEC-2 section 3: the one badge a part shows for the active bike. */
export const fitBadgeCopy = {
  fits: (model: string) => `Fits your ${model}`,
  universal: () => 'Universal',
  unknown: () => 'Fit not confirmed',
  no: (model: string) => `Does not fit your ${model}`,
} as const satisfies Record<FitVerdict, (model: string) => string>;

const STYLE: Record<FitVerdict, string> = {
  fits: 'badge-success',
  universal: 'badge-info',
  unknown: 'badge-ghost',
  no: 'badge-error',
};

export function FitBadge({ fit, model }: { fit: FitVerdict; model: string }) {
  return <span className={`badge h-auto max-w-full py-1 font-medium wrap-anywhere ${STYLE[fit]}`}>{fitBadgeCopy[fit](model)}</span>;
}
