//! The engine behind the library's readers, writers and transcoders: bytes pushed in as the
//! caller gets them, converted by the same [`Converter`] (and the same BOM handling) the
//! command line uses, and taken out as they are ready.
//!
//! The converter pulls its input from an [`Input`]; here that input reads from a queue the
//! caller fills. The converter is only stepped while the queue has bytes (or has been
//! closed), so the queue never runs dry in the middle of a read.

#![forbid(unsafe_code)]

use super::error::Error;
use super::options::Options;
use super::report::Report;
use super::settings::settings;
use crate::app::settings::Settings;
use crate::app::stream::{head_needed, keep_bom, output_bom, prepare};
use crate::codecs::{Charset, Encoder};
use crate::convert::{Converter, Counts, Failure, Policy};
use crate::io::{Input, Output};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Read};
use std::rc::Rc;

/// Bytes pushed in and not yet read by the converter.
#[derive(Default)]
struct Queue {
    bytes: VecDeque<u8>,
    closed: bool,
}

/// The converter's end of the queue.
struct QueueReader(Rc<RefCell<Queue>>);

impl Read for QueueReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut queue = self.0.borrow_mut();
        if queue.bytes.is_empty() && !queue.closed {
            // Never reached: the session steps only while bytes wait or the queue is closed.
            return Err(io::ErrorKind::WouldBlock.into());
        }
        queue.bytes.read(buf)
    }
}

enum Stage {
    /// Waiting for enough bytes to see the BOM (and, for `auto`, to detect).
    Start(Box<(Encoder, Output)>),
    Running(Box<Converter<'static>>),
    /// Converted; the last bytes wait to be taken.
    Done(Vec<u8>),
    /// Stopped at an error; what was converted before it waits to be taken.
    Failed(Vec<u8>),
}

/// One conversion, fed in pieces.
pub(crate) struct Session {
    queue: Rc<RefCell<Queue>>,
    input: Input,
    settings: Settings,
    name: String,
    stage: Stage,
    counts: Counts,
}

impl Session {
    /// A session converting `from` → `to` with `options`, or why it cannot be done.
    pub(crate) fn new(from: Charset, to: Charset, options: &Options) -> Result<Session, Error> {
        Ok(Session::with_settings(
            settings(from, to, options)?,
            &options.name,
        ))
    }

    /// A session that converts nothing: it reports an earlier error (options refused) to
    /// whatever is pushed.
    pub(crate) fn stopped(from: Charset) -> Session {
        let utf8 = crate::api::Charset::utf8().0;
        let mut session = Session::with_settings(Settings::new(from, utf8, Policy::Strict), "");
        session.stage = Stage::Failed(Vec::new());
        session
    }

    fn with_settings(settings: Settings, name: &str) -> Session {
        let queue = Rc::new(RefCell::new(Queue::default()));
        let reader = Box::new(QueueReader(Rc::clone(&queue)));
        let input = Input::from_reader(name, reader);
        let mut out = Output::memory();
        if let Some(bom) = output_bom(&settings) {
            out.set_bom(bom, settings.add_bom);
        }
        let encoder = Encoder::new(settings.to);
        Session {
            queue,
            input,
            settings,
            name: name.to_string(),
            stage: Stage::Start(Box::new((encoder, out))),
            counts: Counts::default(),
        }
    }

    /// Converts `bytes` as far as they go (a character cut at their end waits for the next).
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.queue.borrow_mut().bytes.extend(bytes);
        self.pump()
    }

    /// Ends the input: converts what is left.
    pub(crate) fn close(&mut self) -> Result<(), Error> {
        self.queue.borrow_mut().closed = true;
        self.pump()
    }

    /// True once the input is closed and converted.
    pub(crate) fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done(_))
    }

    /// Moves the bytes converted so far to the end of `dst`.
    pub(crate) fn take_output(&mut self, dst: &mut Vec<u8>) -> Result<(), Error> {
        match &mut self.stage {
            Stage::Running(converter) => dst.append(
                &mut converter
                    .output()
                    .take_memory(false)
                    .map_err(Failure::from)?,
            ),
            Stage::Done(tail) | Stage::Failed(tail) => dst.append(tail),
            _ => {}
        }
        Ok(())
    }

    /// What the policy replaced, dropped, escaped or approximated so far.
    pub(crate) fn report(&self) -> Report {
        let mut counts = self.counts;
        if let Stage::Running(converter) = &self.stage {
            counts.add(converter.counts);
        }
        Report::from(counts)
    }

    fn pump(&mut self) -> Result<(), Error> {
        let result = self.advance();
        if result.is_err() && !matches!(self.stage, Stage::Failed(_)) {
            self.stage = Stage::Failed(Vec::new());
        }
        result
    }

    fn advance(&mut self) -> Result<(), Error> {
        if matches!(self.stage, Stage::Start(_)) && !self.begin()? {
            return Ok(());
        }
        let stage = std::mem::replace(&mut self.stage, Stage::Failed(Vec::new()));
        let Stage::Running(mut converter) = stage else {
            self.stage = stage;
            if matches!(self.stage, Stage::Failed(_)) {
                let message = "the conversion stopped at an earlier error".to_string();
                return Err(Error::unsupported(message));
            }
            return Ok(());
        };
        loop {
            let (waiting, closed) = {
                let queue = self.queue.borrow();
                (!queue.bytes.is_empty(), queue.closed)
            };
            let buffered = !self.input.prefix(1).0.is_empty();
            if !waiting && !closed && !buffered {
                self.stage = Stage::Running(converter);
                return Ok(());
            }
            let before = self.input.offset();
            match converter.step(&mut self.input, false) {
                Ok(true) => break,
                Ok(false) => {}
                Err(e) => {
                    // What was converted before the error is the caller's.
                    let before = converter.output().take_memory(false).unwrap_or_default();
                    self.stage = Stage::Failed(before);
                    return Err(e.into());
                }
            }
            if !waiting && !closed && self.input.offset() == before {
                // The rest is a character or a line break cut short: it waits for more.
                self.stage = Stage::Running(converter);
                return Ok(());
            }
        }
        converter.finish()?;
        converter.end_output();
        self.counts.add(converter.counts);
        // The last bytes, with a BOM asked for even when there are none.
        let tail = converter
            .output()
            .take_memory(true)
            .map_err(Failure::from)?;
        self.stage = Stage::Done(tail);
        Ok(())
    }

    /// Starts converting once the start of the input has arrived: the BOM (or for `auto`,
    /// the detector's prefix) decides how to read it. Returns false while waiting.
    fn begin(&mut self) -> Result<bool, Error> {
        let need = head_needed(self.settings.from);
        let queue = self.queue.borrow();
        let ready = queue.closed || queue.bytes.len() >= need;
        drop(queue);
        if !ready {
            return Ok(false);
        }
        let Stage::Start(start) = std::mem::replace(&mut self.stage, Stage::Failed(Vec::new()))
        else {
            return Ok(true);
        };
        let (mut encoder, mut out) = *start;
        let (charset, kept) = prepare(&mut self.input, &self.settings, &mut |_| {}, None)?;
        if let Some(bom) = kept
            && out.at_start()
            && !out.has_bom()
        {
            let (settings, counts) = (&self.settings, &mut self.counts);
            keep_bom(bom, &self.name, settings, &mut encoder, &mut out, counts)?;
        }
        let opts = self.settings.options();
        let name = self.name.clone();
        let converter = Converter::owning(charset, opts, name, encoder, out);
        self.stage = Stage::Running(Box::new(converter));
        Ok(true)
    }
}
