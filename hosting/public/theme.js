// Applies the remembered light/dark mode before the first paint (no flash). A file, not an inline
// script, so that the Content-Security-Policy allows scripts from the site itself only.
(function () {
  var match = document.cookie.match(/(?:^|; )insight-theme=(dark|light)/);
  var mode = match
    ? match[1]
    : window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light';
  document.documentElement.dataset.theme = mode;
})();
