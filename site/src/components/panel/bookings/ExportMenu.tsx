import { useStore } from '@nanostores/react';
import { $bookingsExporting, exportBookings } from '../../../stores/panel-bookings';
import { Button } from '../../ui/Button';
import { Menu, MenuItem, MenuTrigger } from '../../ui/Menu';

/** Every booking of the current tab and filters as CSV or Excel, each add-on sold and its total included. */
export function ExportMenu() {
  const busy = useStore($bookingsExporting);
  return (
    <MenuTrigger>
      <Button variant="secondary" isDisabled={busy}>
        {busy ? 'Liste hazırlanıyor...' : 'Listeyi İndir'}
      </Button>
      <Menu aria-label="Dosya türü" onAction={(key) => void exportBookings(key === 'xlsx' ? 'xlsx' : 'csv')}>
        <MenuItem id="csv">Rezervasyonlar (CSV)</MenuItem>
        <MenuItem id="xlsx">Rezervasyonlar (Excel)</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
