// re2 is not installed (package.json, "description"): superstatic catches this and uses RegExp.
throw new Error('re2 is not installed here: superstatic falls back to RegExp');
