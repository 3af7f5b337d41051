# /settings (per utente).

settings-title = Le tue impostazioni
settings-confirm = Conferma prima di far cadere la pedina: { $value }
settings-confirm-help = Se attiva, il primo tocco su una colonna la seleziona e mostra un'anteprima; il secondo fa cadere la pedina.
settings-language = Lingua: { $language }
settings-saved = Le tue impostazioni sono state salvate.
