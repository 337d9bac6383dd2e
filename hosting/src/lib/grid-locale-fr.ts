export { frFR as gridLocale } from '@mui/x-data-grid/locales';
