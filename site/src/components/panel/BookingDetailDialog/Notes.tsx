import { useState } from 'react';
import { msg } from '../../../../../contracts/messages';
import { STAFF_NOTES_MAX } from '../../../../../contracts/panel';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import type { Busy } from './model';

/** The notes with an edit mode (api.md PUT /bookings/{id}); at most 1000 characters. */
export function Notes({
  notes,
  busy,
  onSave,
}: {
  notes: string | null;
  busy: Busy;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(notes ?? '');
  const tooLong = text.trim().length > STAFF_NOTES_MAX;
  if (!editing) {
    return (
      <div className="flex flex-col gap-2">
        {notes?.trim() ? (
          <p className="text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
            {notes}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Not yok.</p>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isDisabled={busy !== null}
          onPress={() => setEditing(true)}
        >
          Notları düzenle
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Notlar"
        multiline
        value={text}
        onChange={setText}
        maxLength={STAFF_NOTES_MAX}
        isDisabled={busy !== null}
        errorMessage={tooLong ? msg.staffNotesTooLong : null}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          isDisabled={busy !== null}
          onPress={() => {
            setText(notes ?? '');
            setEditing(false);
          }}
        >
          Vazgeç
        </Button>
        <Button
          size="sm"
          isDisabled={busy !== null || tooLong}
          onPress={async () => {
            if (await onSave(text)) setEditing(false);
          }}
        >
          {busy === 'notes' ? 'Kaydediliyor...' : 'Kaydet'}
        </Button>
      </div>
    </div>
  );
}
