import { useAdminSettings } from '@/api/settings/get-admin-settings';
import { useSaveSettings } from '@/api/settings/save-settings';
import { FormCard } from '@/components/ui/form-card';
import { QueryView } from '@/components/ui/query-view';
import { toastedSave } from '@/lib/toasted-save';
import { adminSettingsCopy } from '../copy';
import { SettingsForm } from './settings-form';

const copy = adminSettingsCopy.settings;

/** /dashbord/settings: the shop's settings, every field saved at once. */
export function SettingsPage() {
  const settings = useAdminSettings();
  const save = useSaveSettings();
  return (
    <FormCard>
      <title>{copy.documentTitle}</title>
      <QueryView query={settings} copy={copy}>
        {(current) => (
          <SettingsForm
            settings={current}
            onSubmit={(values) =>
              toastedSave({ done: copy.saved, failed: copy.failed }, async () => {
                await save.mutateAsync(values);
                return true;
              })
            }
          />
        )}
      </QueryView>
    </FormCard>
  );
}
