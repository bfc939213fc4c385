import { useId, useState } from 'react';
import { useMakes, useModels, useYears } from '@/api/vehicles/get-vehicle-choices';
import { useVehicles } from '@/api/vehicles/get-vehicles';
import { isApiError } from '@/lib/api-client';
import { useGarage } from '@/stores/garage';
import { garageCopy as copy } from '../copy';

/**
 * The bike picker (SPEC-2 section 3): Make, then Model, then Year, each listing only what the
 * shop has for the choice before it, and 'Add bike', which adds the bike to the garage as the
 * active one. A model made in variants that year asks which one. `listMakes`: false holds the makes
 * call back (the selects show, empty) until the visitor comes to the picker.
 */
export function BikePicker({ onAdded, listMakes = true }: { onAdded?: () => void; listMakes?: boolean }) {
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [year, setYear] = useState('');
  const [variantId, setVariantId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const makes = useMakes(listMakes);
  const models = useModels(make);
  const years = useYears(make, model);
  const vehicles = useVehicles(year ? { make, model, year: Number(year) } : {}, year !== '');
  const garage = useGarage();
  const errorId = useId();

  const matching = year ? (vehicles.data ?? []) : [];
  const vehicle = matching.length === 1 ? matching[0] : matching.find((candidate) => candidate._id === variantId);

  const add = async () => {
    if (!vehicle) return;
    setAdding(true);
    setError(null);
    try {
      await garage.add({ vehicleId: vehicle._id, make: vehicle.make, model: vehicle.model, variant: vehicle.variant, year: Number(year) });
      setMake('');
      setModel('');
      setYear('');
      setVariantId('');
      onAdded?.();
    } catch (caught) {
      setError(isApiError(caught) || caught instanceof Error ? caught.message : String(caught));
    } finally {
      setAdding(false);
    }
  };

  if (makes.isError) return <p className="text-error">{copy.choicesError}</p>;
  if (makes.data?.length === 0) return <p>{copy.noVehicles}</p>;

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
        <Choice label={copy.make} placeholder={copy.chooseMake} value={make} options={makes.data} onChange={(value) => (setMake(value), setModel(''), setYear(''), setVariantId(''))} />
        <Choice label={copy.model} placeholder={copy.chooseModel} value={model} options={make ? models.data : []} disabled={!make} onChange={(value) => (setModel(value), setYear(''), setVariantId(''))} />
        <Choice
          label={copy.year}
          placeholder={copy.chooseYear}
          value={year}
          options={model ? years.data?.map(String) : []}
          disabled={!model}
          onChange={(value) => (setYear(value), setVariantId(''))}
        />
        <button type="submit" className="btn btn-primary" disabled={!vehicle || adding} aria-describedby={error ? errorId : undefined}>
          {adding && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.addBike}
        </button>
      </div>
      {matching.length > 1 && (
        <Choice
          label={copy.variant}
          placeholder={copy.variant}
          value={variantId}
          options={matching.map((candidate) => candidate._id)}
          optionLabel={(id) => matching.find((candidate) => candidate._id === id)?.variant || copy.standardVariant}
          onChange={setVariantId}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-error">
          {error}
        </p>
      )}
    </form>
  );
}

function Choice({
  label,
  placeholder,
  value,
  options,
  disabled = false,
  optionLabel = (option) => option,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  options: readonly string[] | undefined;
  disabled?: boolean;
  optionLabel?: (option: string) => string;
  onChange: (value: string) => void;
}) {
  // A label beside the select, not around it: a select inside its label adds its chosen option to its name ('MakeChoose a make').
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select w-full" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {(options ?? []).map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
