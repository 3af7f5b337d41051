# /settings (per user).

settings-title = Your settings
# $value (text: yes or no)
settings-confirm = Confirm before dropping: { $value }
settings-confirm-help = When on, the first press on a column selects it and shows a preview; the second press drops the disc.
# $language (text)
settings-language = Language: { $language }
settings-saved = Your settings have been saved.
