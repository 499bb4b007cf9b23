import { useTranslation } from 'react-i18next';
import { num } from '../../../lib/format';

/** "48 items" or "12.5 m³": what a generator, a port or a container holds (fluids in m³, as FRM converts them). */
export function useAmount(): (value: number, fluid: boolean) => string {
  const { t } = useTranslation('dashboard');
  return (value, fluid) => t(fluid ? 'kindUnits.cubic' : 'kindUnits.items', { value: num(value, fluid ? 1 : 0) });
}
