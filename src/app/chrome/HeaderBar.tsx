import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface HeaderBarProps {
  /** The back button, or null for the spacer that keeps the icon where it would be. */
  back: ReactNode;
  icon: LucideIcon;
  title: string;
  subtitle?: string | null;
  /** False while the header has scrolled away (it slides out; nothing below it jumps). */
  visible: boolean;
}

/**
 * How the fixed header looks, without knowing where it is: AppHeader gives it the page's heading, and the boot
 * frame (BootFrame.tsx) the app's name, so the header painted before any script runs is the one the app renders.
 */
export function HeaderBar({ back, icon: Icon, title, subtitle, visible }: HeaderBarProps) {
  return (
    <header className="app-header" data-visible={visible}>
      <div className="app-header-inner">
        {back ?? <span className="app-header-back-spacer" aria-hidden="true" />}
        <Icon className="app-header-icon" size={22} aria-hidden="true" />
        <span className="app-header-text">
          <span className="app-header-title">{title}</span>
          {subtitle && <span className="app-header-subtitle">{subtitle}</span>}
        </span>
      </div>
    </header>
  );
}
