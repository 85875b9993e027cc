import { useEffect, useState } from 'react';
import { facilityMsg } from '../../../../../contracts/facility-form';
import type { OpenedFacility } from '../../../../../contracts/wire/active-bookings';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import { client, facilityFormData, send, sendPage, unwrap } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/errors';
import { imageVariants } from '../../../lib/image-variants';
import { failureOr } from '../../../stores/panel-facilities';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { AlertIcon, RefreshIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { type Key, Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { AmenitiesTab } from './AmenitiesTab';
import { BasicTab } from './BasicTab';
import { ContactTab } from './ContactTab';
import {
  emptyForm,
  errorUnder,
  type FieldErrors,
  FORM_TABS,
  type FormState,
  type FormTab,
  firstTabWithError,
  formFromWire,
  serverErrors,
  tabOf,
  validate,
} from './form-state';
import { HoursTab } from './HoursTab';
import { ImagesField } from './ImagesField';
import { SettingsTab } from './SettingsTab';

// Texts of behaviour.md#management-panel 'Pitch create/edit modal' and #error-messages 'Pitches'.
export const DETAIL_FAILED = 'Saha bilgileri yüklenirken hata oluştu';
export const CREATE_FAILED = 'Saha oluşturulurken hata oluştu';
export const UPDATE_FAILED = 'Saha güncellenirken hata oluştu';

interface Props {
  /** The pitch to edit (its detail is read first), or null to create one. */
  editing: Pick<FacilityWire, 'documentId' | 'name'> | null;
  onClose: () => void;
  onSaved: (f: FacilityWire) => void;
  /** A new pitch's hold timeout (the admin's default); 60 when not given. */
  holdTimeoutDefault?: number;
}

/** What a new pitch's slots mean to staff: '… sahası oluşturuldu; önümüzdeki 30 gün için 420 saat rezervasyona açık'. */
export function openedText(f: Pick<FacilityWire, 'name' | 'isActive'>, meta: Partial<OpenedFacility> | undefined) {
  if (typeof meta?.slotsCreated !== 'number' || typeof meta.horizonDays !== 'number') return undefined;
  const opened =
    meta.slotsCreated > 0
      ? `önümüzdeki ${meta.horizonDays} gün için ${meta.slotsCreated} saat rezervasyona açık`
      : 'açık saat oluşmadı; çalışma saatlerini kontrol edin';
  return `${f.name} sahası oluşturuldu; ${opened}${f.isActive ? '' : ' (saha pasif: aktif yapıldığında görünür)'}`;
}

/** 'Yeni Saha Ekle' / 'Saha Düzenle': five tabs over the shared pitch schema, sent as multipart with the new images. */
export function FacilityFormDialog({ editing, onClose, onSaved, holdTimeoutDefault }: Props) {
  const isEdit = editing !== null;
  const [state, setState] = useState<'loading' | 'ready' | 'error'>(isEdit ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<FacilityWire | null>(null);
  const [form, setForm] = useState<FormState>(() => emptyForm(holdTimeoutDefault));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<FormTab>('basic');
  const [files, setFiles] = useState<File[]>([]);
  const [toDelete, setToDelete] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per pitch and per retry
  useEffect(() => {
    if (!editing) return;
    let live = true;
    setState('loading');
    unwrap(client.api.facilities[':ref'].$get({ param: { ref: editing.documentId } }))
      .then((f) => {
        if (!live) return;
        const wire = f as unknown as FacilityWire;
        setDetail(wire);
        setForm(formFromWire(wire));
        setState('ready');
      })
      .catch(() => {
        if (!live) return;
        setState('error');
        toast('error', DETAIL_FAILED);
      });
    return () => {
      live = false;
    };
  }, [editing?.documentId, attempt]);

  const update = (change: (s: FormState) => FormState) => setForm(change);

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = firstTabWithError(next);
    if (first) setTab(first);
  }

  async function save() {
    if (saving) return;
    const checked = validate(form, toDelete);
    if (!checked.ok) {
      showErrors(checked.errors);
      toast('error', facilityMsg.formInvalid);
      return;
    }
    setErrors({});
    setSaving(true);
    const { imagesToDelete, ...values } = checked.data;
    const body = facilityFormData(isEdit ? { ...values, imagesToDelete } : values, files, await imageVariants(files));
    try {
      let saved: FacilityWire;
      if (isEdit) {
        saved = await send<FacilityWire>('PUT', `/api/facilities/${encodeURIComponent(editing.documentId)}`, body);
        toast('success', facilityMsg.updated);
      } else {
        const answer = await sendPage<FacilityWire, Partial<OpenedFacility>>('POST', '/api/facilities', body);
        saved = answer.data;
        toast('success', facilityMsg.created, openedText(saved, answer.meta));
      }
      onSaved(saved);
    } catch (e) {
      const fromServer = e instanceof ApiRequestError ? serverErrors(e.details.errors) : {};
      if (Object.keys(fromServer).length) showErrors(fromServer);
      toast('error', failureOr(e, isEdit ? UPDATE_FAILED : CREATE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  const tabErrors = new Set(Object.keys(errors).map(tabOf));
  const images = (
    <ImagesField
      existing={detail?.images ?? []}
      toDelete={toDelete}
      onToggleDelete={(id) => setToDelete((l) => (l.includes(id) ? l.filter((x) => x !== id) : [...l, id]))}
      files={files}
      onFiles={setFiles}
      error={errorUnder(errors, 'files.images') ?? errors.images}
    />
  );

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      title={isEdit ? 'Saha Düzenle' : 'Yeni Saha Ekle'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            İptal
          </Button>
          <Button onPress={() => void save()} isDisabled={saving || state !== 'ready'}>
            {saving ? 'Kaydediliyor...' : isEdit ? 'Güncelle' : 'Oluştur'}
          </Button>
        </>
      }
    >
      {state === 'loading' ? (
        <p role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700 dark:text-slate-300">
          <span
            aria-hidden="true"
            className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
          />
          Saha bilgileri yükleniyor...
        </p>
      ) : state === 'error' ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <AlertIcon className="h-6 w-6" />
          <p className="font-semibold">{DETAIL_FAILED}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            <RefreshIcon /> Tekrar Dene
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Tabs selectedKey={tab} onSelectionChange={(k: Key) => setTab(String(k) as FormTab)}>
            <TabList aria-label="Saha formu bölümleri" variant="pills">
              {FORM_TABS.map((t) => (
                <Tab key={t.id} id={t.id}>
                  {t.label}
                  {tabErrors.has(t.id) && (
                    <>
                      <span
                        aria-hidden="true"
                        className="h-2 w-2 rounded-full bg-red-700 group-data-selected:bg-white dark:bg-red-400"
                      />
                      <span className="sr-only"> (hatalı alan var)</span>
                    </>
                  )}
                </Tab>
              ))}
            </TabList>
            <TabPanel id="basic" className="mt-4">
              <BasicTab form={form} update={update} errors={errors} images={images} />
            </TabPanel>
            <TabPanel id="hours" className="mt-4">
              <HoursTab form={form} update={update} errors={errors} />
            </TabPanel>
            <TabPanel id="contact" className="mt-4">
              <ContactTab form={form} update={update} errors={errors} />
            </TabPanel>
            <TabPanel id="amenities" className="mt-4">
              <AmenitiesTab form={form} update={update} errors={errors} />
            </TabPanel>
            <TabPanel id="settings" className="mt-4">
              <SettingsTab form={form} update={update} errors={errors} />
            </TabPanel>
          </Tabs>
        </form>
      )}
    </Modal>
  );
}
