//! The `/dama` commands' names, descriptions, options and choices in every language, from the
//! `cmd-…` and `choice-…` messages of the language files (as poise's Fluent example does).

use std::borrow::Cow;

use dama_core::host::Lang;
use dama_core::words::Words;

use super::Error;

type Command = poise::Command<super::Shared, Error>;

/// Names and descriptions in English (the default Discord shows), and in every other
/// language as localizations.
pub fn apply(words: &Words, commands: &mut [Command]) {
    for command in commands {
        apply_one(words, command);
    }
}

fn apply_one(words: &Words, command: &mut Command) {
    // A subcommand's messages are named after its English name.
    let id = format!("cmd-{}", command.name);
    // English last: it renames the choices the other languages look up.
    let mut langs = words.languages();
    langs.rotate_left(1);
    for lang in langs {
        if !words.has(lang, &id) {
            continue;
        }
        let name = words.get(lang, &id);
        let description = words.get(lang, &format!("{id}.description"));
        if lang == Lang::ENGLISH {
            command.description = Some(Cow::Owned(description));
        } else {
            let code = Cow::Borrowed(lang.code());
            command
                .name_localizations
                .to_mut()
                .push((code.clone(), Cow::Owned(name)));
            command
                .description_localizations
                .to_mut()
                .push((code, Cow::Owned(description)));
        }
        for p in &mut command.parameters {
            let option = format!("{id}.{}", p.name);
            let name = words.get(lang, &option);
            let description = words.get(lang, &format!("{option}-description"));
            if lang == Lang::ENGLISH {
                p.description = Some(Cow::Owned(description));
            } else {
                let code = Cow::Borrowed(lang.code());
                p.name_localizations
                    .to_mut()
                    .push((code.clone(), Cow::Owned(name)));
                p.description_localizations
                    .to_mut()
                    .push((code, Cow::Owned(description)));
            }
            for choice in p.choices.to_mut() {
                let label = words.get(lang, &format!("choice-{}", choice.name));
                if lang == Lang::ENGLISH {
                    choice.name = Cow::Owned(label);
                } else {
                    choice
                        .localizations
                        .to_mut()
                        .push((Cow::Borrowed(lang.code()), Cow::Owned(label)));
                }
            }
        }
    }
    for sub in &mut command.subcommands {
        apply_one(words, sub);
    }
}
