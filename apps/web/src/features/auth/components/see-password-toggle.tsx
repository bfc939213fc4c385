import { authCopy } from '../copy';

interface SeePasswordToggleProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The password input it reveals. */
  controls: string;
}

/** SPEC's 'See Password' checkbox: shows the typed password as text while ticked. */
export function SeePasswordToggle({ id, checked, onChange, controls }: SeePasswordToggleProps) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        aria-controls={controls}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="cursor-pointer select-none text-sm">
        {authCopy.fields.seePassword}
      </label>
    </div>
  );
}
