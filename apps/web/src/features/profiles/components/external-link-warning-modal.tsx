import { ModalFrame } from '../../../components/ui/modal-frame';

/** The externalLinkWarning modal: says where a member's link leads before leaving the site. */
export function Component({ url, onClose }: { url: string; onClose: () => void }) {
  const open = () => {
    window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <ModalFrame title="external link" onClose={onClose}>
      <p>this link leaves stardeck and goes to:</p>
      <p className="external-url">
        <code>{url}</code>
      </p>
      <p className="output output--muted">members add these links themselves: only open it if you trust where it goes.</p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={open}>
          open link
        </button>
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          cancel
        </button>
      </div>
    </ModalFrame>
  );
}
