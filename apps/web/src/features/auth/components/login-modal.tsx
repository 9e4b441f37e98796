import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import type { LoginModalProps } from '../../../lib/modals/registry';
import { runInviteCheck, runVerification } from '../actions';
import type { LoginMode } from '../form-rules';
import { auth, openedWith, scheduleReset } from '../store';
import { CreateAccountForm } from './create-account-form';
import { EmailLinkForm } from './email-link-form';
import { LoginForm } from './login-form';
import { RequestAccessForm } from './request-access-form';
import { ResetPasswordForm } from './reset-password-form';
import { VerifyAccountPanel } from './verify-account-panel';

const TITLES: Record<LoginMode, string> = {
  login: 'login',
  forgot_password: 'forgot password',
  reset_password: 'reset password',
  resend_verification: 'resend verification',
  verify_account: 'verify account',
  create_account: 'create account',
  request_access: 'waitlist',
};

/** The login modal (spec §2, §4): seven modes, picked by the data it opens with. */
export function Component({ onClose, ...props }: LoginModalProps & { onClose: () => void }) {
  const { mode } = useSnapshot(auth);

  useEffect(() => {
    const opened = openedWith(props);
    if (opened === 'verify_account') void runVerification();
    if (opened === 'create_account' && props.inviteToken) void runInviteCheck();
    // Back to login mode 350 ms after closing, once the modal is out of sight.
    return scheduleReset;
    // The data it opened with are read once: each opening mounts a new modal.
  }, []);

  return (
    <ModalFrame title={TITLES[mode]} onClose={onClose} focusKey={mode}>
      {/* A fresh subtree per mode, so focus moves into the new form. */}
      <ModeBody key={mode} mode={mode} onDone={onClose} />
    </ModalFrame>
  );
}

function ModeBody({ mode, onDone }: { mode: LoginMode; onDone: () => void }) {
  switch (mode) {
    case 'login':
      return <LoginForm onDone={onDone} />;
    case 'forgot_password':
    case 'resend_verification':
      return <EmailLinkForm mode={mode} />;
    case 'reset_password':
      return <ResetPasswordForm />;
    case 'verify_account':
      return <VerifyAccountPanel />;
    case 'create_account':
      return <CreateAccountForm />;
    case 'request_access':
      return <RequestAccessForm />;
  }
}
