import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from './FormField';
import type { RuleKind } from './model';
import { kindDescription, kindTitle } from './ruleText';

/** "Add a rule": choose a kind from the catalogue, then its form opens with the kind's defaults. */
export function AddRule({ kinds, onChoose }: { kinds: RuleKind[]; onChoose: (kind: RuleKind) => void }) {
  const { t } = useTranslation('alerts');
  const schema = useMemo(
    () => z.object({ kind: z.enum(kinds.map((k) => k.kind) as [string, ...string[]], t('addRule.chooseKind')) }),
    [kinds, t],
  );
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { kind: kinds[0]?.kind ?? '' },
  });
  const chosen = kinds.find((k) => k.kind === watch('kind'));
  const choose = handleSubmit(({ kind }) => {
    const found = kinds.find((k) => k.kind === kind);
    if (found) onChoose(found);
  });
  return (
    <form className="card settings-form" aria-labelledby="add-rule-heading" onSubmit={choose} noValidate>
      <h3 id="add-rule-heading">{t('addRule.heading')}</h3>
      <div className="settings-fields">
        <FormField
          label={t('addRule.kind')}
          help={chosen ? kindDescription(t, chosen) : undefined}
          error={formState.errors.kind}
          className="alerts-wide"
        >
          {(a11y) => (
            <select {...a11y} {...register('kind')} data-testid="new-rule-kind">
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {kindTitle(t, k)}
                  {k.requires_addon ? ` ${t('addRule.addon')}` : ''}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn btn-primary">
          {t('addRule.setUp')}
        </button>
      </div>
    </form>
  );
}
