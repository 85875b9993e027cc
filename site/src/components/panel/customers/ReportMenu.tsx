import { useStore } from '@nanostores/react';
import { CUSTOMER_REPORT_LABELS, CUSTOMER_REPORTS } from '../../../lib/export/customer-reports';
import { $exporting, exportCustomers } from '../../../stores/panel-customers';
import { Button } from '../../ui/Button';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu';

/** The four reports of behaviour.md#constants-and-limits, each as CSV or Excel, over every customer the filters match. */
export function ReportMenu() {
  const busy = useStore($exporting);
  return (
    <MenuTrigger>
      <Button variant="secondary" isDisabled={busy}>
        {busy ? 'Rapor hazırlanıyor...' : 'Rapor İndir'}
      </Button>
      <Menu
        aria-label="Rapor türleri"
        onAction={(key) => {
          const [report, format] = String(key).split(':') as [(typeof CUSTOMER_REPORTS)[number], 'csv' | 'xlsx'];
          void exportCustomers(report, format);
        }}
      >
        {CUSTOMER_REPORTS.flatMap((r) => [
          <MenuItem key={`${r}:csv`} id={`${r}:csv`}>
            {CUSTOMER_REPORT_LABELS[r]} (CSV)
          </MenuItem>,
          <MenuItem key={`${r}:xlsx`} id={`${r}:xlsx`}>
            {CUSTOMER_REPORT_LABELS[r]} (Excel)
          </MenuItem>,
        ])}
      </Menu>
    </MenuTrigger>
  );
}
