import { CONTACT_MESSAGE_MAX, CONTACT_MSG, CONTACT_TYPES, CONTACT_WARN_RATIO, type ContactType } from '@stardeck/contracts/browser';
import { useEffect, useId, useState } from 'react';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { Tabs } from '../../../components/ui/tabs';
import { useMe } from '../../../lib/session/store';
import { clearContactError, reset, submitContact, useSupport } from '../store';

const TAB_LABELS: Record<ContactType, string> = { support: 'support', feedback: 'feedback', issue: 'issue' };
const PROMPTS: Record<ContactType, string> = {
  support: 'how can we help?',
  feedback: 'what would make stardeck better?',
  issue: 'what went wrong, and how can we see it happen?',
};

/** The contactSupport modal (spec §2, §5, §8): support, feedback and issue tabs; members only. */
export function Component({ tab, onClose }: { tab?: ContactType; onClose: () => void }) {
  const me = useMe();
  const state = useSupport();
  const counterId = useId();
  const [type, setType] = useState<ContactType>(tab && CONTACT_TYPES.includes(tab) ? tab : 'support');
  const [email, setEmail] = useState(me?.email ?? '');
  const [message, setMessage] = useState('');
  const [authorised, setAuthorised] = useState(false);
  useEffect(() => reset, []);

  const form = { contact_type: type, email, username: me?.username ?? '', message, authorised };
  const length = message.trim().length;
  const warn = length > CONTACT_MESSAGE_MAX * CONTACT_WARN_RATIO;

  if (state.sent) {
    return (
      <ModalFrame title="contact" onClose={onClose}>
        <p className="output output--ok" role="status">
          [OK] message sent. we will reply to {email.trim()}.
        </p>
        <div className="actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            close
          </button>
        </div>
      </ModalFrame>
    );
  }

  return (
    <ModalFrame title="contact" onClose={onClose} wide>
      <Tabs label="Contact type" tabs={CONTACT_TYPES.map((id) => ({ id, label: TAB_LABELS[id] }))} selected={type} onSelect={(id) => { setType(id); clearContactError(); }}>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submitContact(form, me !== null);
          }}
        >
          <TextField label="email" type="email" value={email} onValue={(v) => { setEmail(v); clearContactError(); }} autoComplete="email" />
          <TextField label="username" value={me?.username ?? ''} onValue={() => undefined} readOnly />
          <TextField
            label={PROMPTS[type]}
            multiline
            value={message}
            onValue={(v) => { setMessage(v); clearContactError(); }}
            error={length > CONTACT_MESSAGE_MAX ? CONTACT_MSG.tooLong : undefined}
            hint={
              <span id={counterId} aria-live="polite" className={warn ? 'counter--warn' : undefined}>
                {length}/{CONTACT_MESSAGE_MAX}
                {warn && ' (nearly at the limit)'}
              </span>
            }
          />
          <CheckboxField
            label="I authorise the stardeck team to contact me at this email address about this message"
            checked={authorised}
            onChecked={(v) => { setAuthorised(v); clearContactError(); }}
          />
          {state.error && (
            <p className="output output--err" role="alert">
              ! {state.error}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="btn btn--primary" disabled={state.sending}>
              {state.sending ? 'sending...' : `send ${type}`}
            </button>
          </div>
        </form>
      </Tabs>
    </ModalFrame>
  );
}
