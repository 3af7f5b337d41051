# /settings (pro Nutzer).

settings-title = Deine Einstellungen
settings-confirm = Vor dem Einwerfen bestätigen: { $value }
settings-confirm-help = Wenn aktiv, wählt der erste Druck auf eine Spalte sie aus und zeigt eine Vorschau; erst der zweite wirft den Stein ein.
settings-language = Sprache: { $language }
settings-saved = Deine Einstellungen wurden gespeichert.
