// "CSV" and "XLSX" under a table. The writers load on click (their own chunk), never with the page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import type { ExportTable } from '../../lib/export/table';

export function ExportButtons({ table }: { table: () => ExportTable }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  async function run(kind: 'csv' | 'xlsx') {
    setBusy(kind);
    try {
      const data = table();
      const { download, safeFileName } = await import('../../lib/export/table');
      const file = safeFileName(data.name);
      if (kind === 'csv') {
        const { csvBytes } = await import('../../lib/export/csv');
        download(`${file}.csv`, csvBytes(data), 'text/csv;charset=utf-8');
      } else {
        const { xlsxBytes } = await import('../../lib/export/xlsx');
        download(
          `${file}.xlsx`,
          xlsxBytes(data, data.name),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      }
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="an-export">
      <Button variant="secondary" loading={busy === 'csv'} onClick={() => void run('csv')}>
        {t('ANALYTICS.EXPORT.CSV')}
      </Button>
      <Button variant="secondary" loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        {t('ANALYTICS.EXPORT.XLSX')}
      </Button>
    </div>
  );
}
