import { AccountPanel } from '../../features/account/components/account-panel';
import { Page } from './page';

export function AccountPage() {
  return (
    <Page title="Account" description="The service account the studio creates jobs with.">
      <AccountPanel />
    </Page>
  );
}
