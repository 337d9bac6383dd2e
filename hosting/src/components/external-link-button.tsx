import { Button, type ButtonProps } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';

interface Props extends Pick<ButtonProps, 'size' | 'variant' | 'aria-describedby'> {
  label: string;
  /** Null: the link cannot be built (yet); the button is shown disabled. */
  href: string | null;
  testId?: string;
}

/** A link to another site, opened in a new tab that gets neither this page's window nor its address. */
export function ExternalLinkButton({ label, href, testId, ...props }: Props) {
  const { t } = useTranslation();
  return href ? (
    <Button
      {...props}
      endIcon={<OpenInNewIcon />}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('externalLink.newTab', { name: label })}
      data-testid={testId}
    >
      {label}
    </Button>
  ) : (
    <Button {...props} endIcon={<OpenInNewIcon />} disabled data-testid={testId}>
      {label}
    </Button>
  );
}
