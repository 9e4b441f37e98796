import { LEGAL_DOCUMENTS } from '@stardeck/contracts/browser';
import { useState, type ReactElement } from 'react';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { Tabs } from '../../../components/ui/tabs';

type LegalTab = (typeof LEGAL_DOCUMENTS.tabs)[number];
const TITLES: Record<LegalTab, string> = { terms: 'terms of service', privacy: 'privacy policy', guidelines: 'community guidelines' };

function Terms() {
  return (
    <>
      <p>stardeck is a place to share audio you made or have the right to share. By creating an account you accept these terms.</p>
      <ul>
        <li>You must be 18 or older to use stardeck.</li>
        <li>You keep the rights to what you upload; you let stardeck store, transcode and stream it to the people you choose.</li>
        <li>Accounts are by invite. Keep your password to yourself; you answer for what your account does.</li>
        <li>Paid plans are billed monthly and can be cancelled at any time from the billing portal; a cancelled plan ends at once.</li>
        <li>We may remove content or accounts that break these terms or the community guidelines.</li>
      </ul>
    </>
  );
}

function Privacy() {
  return (
    <>
      <p>We keep only what the service needs to work.</p>
      <ul>
        <li>Your email address, for sign-in and mail about your account. It is never shown to other members.</li>
        <li>What you upload and write, shown to the people your visibility settings allow.</li>
        <li>Listening history, shared only if you turn sharing on in your settings.</li>
        <li>Payments are handled by our payment provider; we never see or store card numbers.</li>
        <li>Messages you send us through the contact form go to the team by email.</li>
      </ul>
    </>
  );
}

function Guidelines() {
  return (
    <ul>
      <li>Share your own work, or work you have the right to share.</li>
      <li>Be kind in comments, messages and Sonar. No harassment, hate or threats.</li>
      <li>No spam, no misleading tags, no impersonation.</li>
      <li>Report problems to us through the contact form.</li>
    </ul>
  );
}

const BODIES: Record<LegalTab, () => ReactElement> = { terms: Terms, privacy: Privacy, guidelines: Guidelines };

/** The legalDocuments modal (spec §2): terms, privacy and guidelines; open to visitors too. */
export function Component({ tab, onClose }: { tab?: LegalTab; onClose: () => void }) {
  const [selected, setSelected] = useState<LegalTab>(tab && LEGAL_DOCUMENTS.tabs.includes(tab) ? tab : 'terms');
  const Body = BODIES[selected];
  return (
    <ModalFrame title="legal documents" onClose={onClose} wide>
      <Tabs label="Legal documents" tabs={LEGAL_DOCUMENTS.tabs.map((id) => ({ id, label: id }))} selected={selected} onSelect={setSelected}>
        <h3>{TITLES[selected]}</h3>
        <p className="output output--muted">
          version {LEGAL_DOCUMENTS.version}, effective {LEGAL_DOCUMENTS.effective}
        </p>
        <Body />
      </Tabs>
    </ModalFrame>
  );
}
