import { Switch } from '../components/ui/switch';
import { useNotifications } from '../lib/notifications';

/**
 * The switch for browser notifications. Turning it on is the gesture the browser's
 * permission prompt needs; the studio never asks on its own.
 */
export function NotificationsSetting() {
  const { enabled, problem, notificationsToggled } = useNotifications();
  return (
    <section aria-labelledby="notifications-heading" className="mt-8 space-y-2">
      <h2 id="notifications-heading" className="text-base font-semibold text-zinc-100">
        Notifications
      </h2>
      <p className="text-sm text-zinc-400">
        A browser notification when a job finishes or fails while this tab is in the background.
      </p>
      <Switch
        label="Notify me when jobs end"
        checked={enabled}
        onChange={() => void notificationsToggled()}
        describedBy={problem ? 'notifications-problem' : undefined}
      />
      {problem ? (
        <p id="notifications-problem" role="alert" className="text-sm text-amber-300">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
