//! Buffered answers: written to the output in large pieces, and flushed on demand.

use std::io::Write;

use super::error::JudgeError;

/// How many bytes of answers are gathered before they are written.
const CHUNK: usize = 1 << 16;

/// The answers of a judge run, buffered over any [`Write`].
#[derive(Debug)]
pub struct Output<W: Write> {
    inner: W,
    buf: Vec<u8>,
}

impl<W: Write> Output<W> {
    /// Answers written to `inner`.
    pub fn new(inner: W) -> Self {
        Output {
            inner,
            buf: Vec::with_capacity(CHUNK),
        }
    }

    /// Adds `bytes` to the answers.
    #[inline]
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), JudgeError> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CHUNK {
            self.write_buffered()?;
        }
        Ok(())
    }

    fn write_buffered(&mut self) -> Result<(), JudgeError> {
        let result = self.inner.write_all(&self.buf);
        self.buf.clear();
        result.map_err(JudgeError::Write)
    }

    /// Writes every answer so far and flushes the output.
    pub fn flush(&mut self) -> Result<(), JudgeError> {
        self.write_buffered()?;
        self.inner.flush().map_err(JudgeError::Write)
    }
}
