# /settings (за всеки потребител).

settings-title = Твоите настройки
settings-confirm = Потвърждение преди пускане: { $value }
settings-confirm-help = Когато е включено, първото натискане на колона я избира и показва преглед; второто пуска пула.
settings-language = Език: { $language }
settings-saved = Настройките ти са запазени.
