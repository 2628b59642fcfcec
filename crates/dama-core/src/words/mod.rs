//! The bot's words: a typed message and a language in, text out (Project Fluent, one `.ftl`
//! file a language in `assets/locales/`, embedded at build time). Discord, the console and the
//! pictures' captions all write through here; nothing else writes sentences for players.

mod analysis;
mod finding;
mod keys;
mod messages;
mod pictures;
mod puzzles;
mod refusals;
mod tournaments;

use dama_model::{Millis, UnixMs};
use std::cell::RefCell;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::host::{Caption, Captions, CommandName, Lang};
use dama_model::UserId;

pub use messages::{clip, unprintable};
pub use tournaments::{points, quarters};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

/// How a front end shows what only it knows how to show.
pub trait Markup {
    /// A user, as a mention or a name.
    fn user(&self, id: UserId) -> String;
    /// Where the text goes.
    fn surface(&self) -> Surface;
}

/// Where the words are read, which decides how users, times and commands are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// Mentions ping, `<t:…:R>` shows a time in each reader's zone, commands are `/dama …`.
    Discord,
    /// Plain text; times are written relative to `now`, commands are typed.
    Console {
        /// The moment the text is written.
        now: UnixMs,
    },
}

struct Language {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

/// Every language the bot speaks.
pub struct Words {
    languages: Vec<Language>,
}

impl Default for Words {
    fn default() -> Self {
        Words::new()
    }
}

impl Words {
    /// The embedded languages. Panics if a file does not parse: the tests load them all.
    pub fn new() -> Words {
        let languages = embedded::LOCALES
            .iter()
            .map(|(code, text)| {
                let resource = FluentResource::try_new(text.to_string())
                    .unwrap_or_else(|(_, e)| panic!("assets/locales/{code}.ftl: {e:?}"));
                let id = code
                    .parse()
                    .unwrap_or_else(|e| panic!("{code} is not a language code: {e}"));
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // Discord shows Unicode isolation marks as boxes on some systems.
                bundle.set_use_isolating(false);
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|e| panic!("assets/locales/{code}.ftl: {e:?}"));
                Language {
                    lang: Lang::from_static(code),
                    bundle,
                }
            })
            .collect();
        Words { languages }
    }

    /// The languages, English first.
    pub fn languages(&self) -> Vec<Lang> {
        let mut all: Vec<Lang> = self.languages.iter().map(|l| l.lang).collect();
        all.sort_by_key(|l| (*l != Lang::ENGLISH, l.code()));
        all
    }

    /// The language for a locale code such as Discord's `tr`, `en-GB` or `pt-BR`, or a
    /// terminal's `tr_TR.UTF-8`: the same code, else the same language; `None` if we do not
    /// speak it.
    pub fn pick(&self, code: &str) -> Option<Lang> {
        let code = code.split(['.', '@']).next()?.replace('_', "-");
        let primary = |c: &str| c.split('-').next().unwrap_or("").to_ascii_lowercase();
        let wanted = primary(&code);
        let langs = self.languages();
        langs
            .iter()
            .find(|l| l.code().eq_ignore_ascii_case(&code))
            .or_else(|| langs.iter().find(|l| primary(l.code()) == wanted))
            .copied()
    }

    /// The first of `codes` that we speak, else English.
    pub fn choose<'a>(&self, codes: impl IntoIterator<Item = Option<&'a str>>) -> Lang {
        codes
            .into_iter()
            .flatten()
            .find_map(|c| self.pick(c))
            .unwrap_or(Lang::ENGLISH)
    }

    #[expect(clippy::expect_used, reason = "assets/locales/en-US.ftl is embedded")]
    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        let find = |l: Lang| self.languages.iter().find(|x| x.lang == l);
        &find(lang)
            .or_else(|| find(Lang::ENGLISH))
            .expect("assets/locales/en-US.ftl is embedded")
            .bundle
    }

    /// The message `id` (or its attribute `id.attr`) in `lang`; problems go to `errors`.
    fn format(
        &self,
        lang: Lang,
        id: &str,
        args: Option<&FluentArgs>,
        errors: &mut Vec<String>,
    ) -> String {
        let (name, attr) = match id.split_once('.') {
            Some((n, a)) => (n, Some(a)),
            None => (id, None),
        };
        let bundle = self.bundle(lang);
        let pattern = bundle.get_message(name).and_then(|m| match attr {
            Some(a) => m.get_attribute(a).map(|a| a.value()),
            None => m.value(),
        });
        let Some(pattern) = pattern else {
            errors.push(format!("{}: no message {id}", lang.code()));
            return id.to_string();
        };
        let mut problems = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut problems);
        errors.extend(
            problems
                .into_iter()
                .map(|e| format!("{}: {id}: {e:?}", lang.code())),
        );
        text.into_owned()
    }

    /// A message without arguments (a label, a command's name); problems are logged.
    pub fn get(&self, lang: Lang, id: &str) -> String {
        let mut errors = Vec::new();
        let text = self.format(lang, id, None, &mut errors);
        log(&errors);
        text
    }

    /// A message with arguments; problems are logged.
    pub fn get_with(&self, lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
        let mut errors = Vec::new();
        let args = fluent_args(args);
        let text = self.format(lang, id, Some(&args), &mut errors);
        log(&errors);
        text
    }

    /// Whether `lang` has the message (or `id.attr` attribute) `id`.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        let (name, attr) = match id.split_once('.') {
            Some((n, a)) => (n, Some(a)),
            None => (id, None),
        };
        let Some(l) = self.languages.iter().find(|x| x.lang == lang) else {
            return false;
        };
        l.bundle
            .get_message(name)
            .is_some_and(|m| attr.map_or(m.value().is_some(), |a| m.get_attribute(a).is_some()))
    }

    /// The ids of every message and attribute of `lang`'s file (`id` and `id.attr`), sorted.
    pub fn ids(&self, lang: Lang) -> Vec<String> {
        let text = embedded::LOCALES
            .iter()
            .find(|(c, _)| *c == lang.code())
            .map_or("", |(_, t)| t);
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
        let mut ids = Vec::new();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                ids.push(m.id.name.to_string());
                for a in &m.attributes {
                    ids.push(format!("{}.{}", m.id.name, a.id.name));
                }
            }
        }
        ids.sort();
        ids
    }

    /// A writer of messages in `lang` for a front end.
    pub fn writer<'a>(&'a self, lang: Lang, markup: &'a dyn Markup) -> Writer<'a> {
        Writer {
            words: self,
            lang,
            markup,
            errors: RefCell::new(Vec::new()),
        }
    }
}

/// An argument of a message.
#[derive(Clone, Debug)]
pub enum Arg {
    /// Text, put in as it is.
    Text(String),
    /// A number, which also picks the plural form.
    Number(i64),
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_string())
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Number(n.into())
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Self {
        Arg::Number(n.into())
    }
}

fn fluent_args<'a>(args: &'a [(&'a str, Arg)]) -> FluentArgs<'a> {
    let mut out = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        match value {
            Arg::Text(s) => out.set(*name, FluentValue::from(s.as_str())),
            Arg::Number(n) => out.set(*name, FluentValue::from(*n)),
        }
    }
    out
}

fn log(errors: &[String]) {
    for e in errors {
        tracing::warn!("words: {e}");
    }
}

/// Writes messages in one language for one front end. Problems with the language files are
/// logged (the text still comes out), or handed to a test by [`Writer::finish`].
pub struct Writer<'a> {
    words: &'a Words,
    lang: Lang,
    markup: &'a dyn Markup,
    errors: RefCell<Vec<String>>,
}

impl Writer<'_> {
    /// The language it writes.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id` with `args`, as the language file writes it: the files write every
    /// sentence with its capital, and never open one with a name or a move, so that nothing a
    /// player typed is changed (`ali` stays `ali`).
    pub fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.part(id, args)
    }

    /// The message `id` as a part of another. Every message may select on `$surface`
    /// (`discord` or `console`) for words that fit only one front end (buttons, threads). The
    /// console gets plain text: no `**bold**`, and quotes for Discord's `code` marks.
    pub fn part(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut args = fluent_args(args);
        let surface = match self.markup.surface() {
            Surface::Discord => "discord",
            Surface::Console { .. } => "console",
        };
        args.set("surface", FluentValue::from(surface));
        let text = self
            .words
            .format(self.lang, id, Some(&args), &mut self.errors.borrow_mut());
        match self.markup.surface() {
            Surface::Discord => text,
            Surface::Console { .. } => plain(&text),
        }
    }

    /// A command as this front end writes it, in this language (quoted in Discord's code marks;
    /// the console turns them into quotes).
    pub fn command(&self, cmd: CommandName) -> String {
        let name = keys::command_id(cmd);
        match self.markup.surface() {
            Surface::Discord => format!("`/dama {}`", self.part(&format!("cmd-{name}"), &[])),
            Surface::Console { .. } => {
                format!("`{}`", self.part(&format!("console-cmd-{name}"), &[]))
            }
        }
    }

    /// A command only the console has (`channel`), as the console writes it.
    pub fn console_command(&self, name: &str) -> String {
        format!("`{}`", self.part(&format!("console-cmd-{name}"), &[]))
    }

    /// What went wrong with the language files while writing; empty is good.
    pub fn finish(self) -> Vec<String> {
        self.errors.into_inner()
    }

    /// Logs what went wrong with the language files.
    fn flush(&self) {
        log(&self.errors.borrow_mut().split_off(0));
    }
}

impl Words {
    /// A clock as `lang` writes it (see [`Writer::clock`]).
    pub fn clock(&self, lang: Lang, left: Millis) -> String {
        let w = self.writer(lang, &PlainMarkup);
        let text = w.clock(left);
        w.flush();
        text
    }

    /// A time control as `lang` says it (see [`Writer::time_control`]).
    pub fn time_control(&self, lang: Lang, control: dama_play::clock::TimeControl) -> String {
        let w = self.writer(lang, &PlainMarkup);
        let text = w.time_control(control);
        w.flush();
        text
    }

    /// The decimal point of `lang`.
    pub fn decimal_point(&self, lang: Lang) -> String {
        self.get(lang, "decimal-point")
    }
}

impl Captions for Words {
    fn caption(&self, caption: &Caption, lang: Lang) -> String {
        let plain = PlainMarkup;
        let w = self.writer(lang, &plain);
        let text = w.caption(caption);
        w.flush();
        text
    }

    fn analysis_chart(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        names: [&str; 2],
        result: &str,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> dama_play::render::Chart {
        Words::analysis_chart(self, lang, game, names, result, analysis)
    }

    fn analysis_notes(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> Vec<Option<dama_rules::pdn::Note>> {
        Words::analysis_notes(self, lang, game, analysis)
    }
}

/// Text without Discord's Markdown, for a terminal: `**` dropped, `` ` `` written as `"`.
pub fn plain(text: &str) -> String {
    text.replace("**", "").replace('`', "\"")
}

/// Users by number; for captions, which never name users.
struct PlainMarkup;

impl Markup for PlainMarkup {
    fn user(&self, id: UserId) -> String {
        id.0.to_string()
    }
    fn surface(&self) -> Surface {
        Surface::Console { now: UnixMs::EPOCH }
    }
}
