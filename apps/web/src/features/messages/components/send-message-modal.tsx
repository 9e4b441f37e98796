import { useNavigate } from 'react-router';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { MessageComposer } from './message-composer';

/** The sendMessage modal (spec §2): a message to the member whose profile opened it; sent, it opens the conversation. */
export function Component({ recipientUsername, onClose }: { recipientUsername: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ModalFrame title={`message @${recipientUsername}`} onClose={onClose}>
      <MessageComposer
        recipientUsername={recipientUsername}
        autoFocus
        onSent={(conversationId) => {
          onClose();
          void navigate(`/messages/${conversationId}`);
        }}
      />
    </ModalFrame>
  );
}
