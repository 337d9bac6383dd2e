export { enUS as gridLocale } from '@mui/x-data-grid/locales';
