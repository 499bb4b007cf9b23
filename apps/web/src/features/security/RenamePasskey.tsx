import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { useRenamePasskey, type Passkey } from './queries';

/** A passkey's new name: 1 to 100 characters once trimmed (the API's limit); messages are `security` keys. */
export const PasskeyNameForm = z.object({
  name: z.string().trim().min(1, 'passkeys.rename.required').max(100, 'passkeys.rename.tooLong'),
});
export type PasskeyNameForm = z.infer<typeof PasskeyNameForm>;

/** "Rename" on a passkey's row: opens a small form with its name; saved, the list shows the new one. */
export function RenamePasskey({ passkey, onRenamed }: { passkey: Passkey; onRenamed: (name: string) => void }) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const rename = useRenamePasskey();
  const form = useForm<PasskeyNameForm>({
    resolver: zodResolver(PasskeyNameForm),
    defaultValues: { name: passkey.name },
  });
  const { errors } = form.formState;
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('passkeys.rename.open', { name: passkey.name })}
        data-testid="rename-passkey"
        onClick={() => {
          form.reset({ name: passkey.name });
          rename.reset();
          setOpen(true);
        }}
      >
        {t('passkeys.rename.button')}
      </button>
    );
  const submit = form.handleSubmit(async ({ name }) => {
    if (rename.isPending) return;
    const renamed = await rename.mutateAsync({ id: passkey.id, name }).catch(() => null);
    if (!renamed) return;
    setOpen(false);
    onRenamed(renamed.name);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="security-rename-passkey">
      <Field
        label={t('passkeys.rename.label', { name: passkey.name })}
        maxLength={100}
        autoFocus
        data-testid="passkey-new-name"
        error={errors.name?.message ? t(errors.name.message as never) : null}
        {...form.register('name')}
      />
      {rename.isError && <ErrorNotice error={rename.error} />}
      <button type="submit" className="btn btn-primary btn-small" aria-disabled={rename.isPending || undefined}>
        {rename.isPending ? t('passkeys.rename.saving') : t('passkeys.rename.save')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>
        {t('passkeys.rename.cancel')}
      </button>
    </form>
  );
}
