import type { ComponentType, SVGProps } from 'react';
import { setThemePreference, useTheme } from '#client/lib/use-theme';
import type { ThemePreference } from '#client/lib/theme';
import { MonitorIcon, MoonIcon, SunIcon } from './icons';
import { buttonSizes, focusRing } from '#shared/ui-styles';

const OPTIONS: {
  value: ThemePreference;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  { value: 'system', label: 'System theme', Icon: MonitorIcon },
  { value: 'light', label: 'Light theme', Icon: SunIcon },
  { value: 'dark', label: 'Dark theme', Icon: MoonIcon },
];

/** System, light or dark (docs/product.md, "Theme"); the choice is remembered on this device. */
export function ThemeToggle() {
  const { preference } = useTheme();
  return (
    <div
      role="group"
      aria-label="Color theme"
      className="flex items-center rounded-full border border-line bg-subtle p-0.5"
    >
      {OPTIONS.map(({ value, label, Icon }) => {
        const pressed = preference === value;
        return (
          <button
            key={value}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={pressed}
            onClick={() => setThemePreference(value)}
            className={`inline-flex cursor-pointer items-center justify-center rounded-full transition-colors ${buttonSizes['icon-sm']} ${focusRing} ${
              pressed ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink'
            }`}
          >
            <Icon width={16} height={16} />
          </button>
        );
      })}
    </div>
  );
}
