
use builtin;
use str;

set edit:completion:arg-completer[transcode] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'transcode'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'transcode'= {
            cand -o 'Write to FILE (created only if the conversion succeeds) instead of standard output'
            cand --output 'Write to FILE (created only if the conversion succeeds) instead of standard output'
            cand --errors 'What to do with ill-formed input and unmappable characters'
            cand --unmappable 'Write each character the output encoding cannot hold as a code in FORMAT'
            cand --unmappable-format 'Write each character the output encoding cannot hold by a printf template'
            cand --byte-format 'Write each ill-formed input byte by a printf template'
            cand --normalize 'Put the text in a Unicode normalization form between decoding and encoding'
            cand --output-dir 'Write each converted FILE under DIR, at the same relative path'
            cand --include 'With -r, convert only the files that match GLOB (e.g. ''*.txt''); repeatable'
            cand --exclude 'With -r, leave out files and directories that match GLOB; repeatable'
            cand -j 'Use N cores: N files at once, or one large file split across N [default: the cores]'
            cand --jobs 'Use N cores: N files at once, or one large file split across N [default: the cores]'
            cand --max-errors 'With --check, report at most N problems per file'
            cand --newline 'Convert line endings to lf, crlf or cr (on characters, so UTF-16 works too)'
            cand --buffer-size 'glibc iconv''s test option for the size of its output buffer: accepted so that its scripts run, and without effect (transcode''s output does not depend on its buffers)'
            cand -f 'Encoding of the input; ''auto'' reads a BOM, then tries UTF-8, then guesses'
            cand --from 'Encoding of the input; ''auto'' reads a BOM, then tries UTF-8, then guesses'
            cand -t 'Encoding of the output; LABEL//IGNORE means the same as -c'
            cand --to 'Encoding of the output; LABEL//IGNORE means the same as -c'
            cand -l 'List every encoding with its aliases, and exit'
            cand --list 'List every encoding with its aliases, and exit'
            cand -c 'Drop ill-formed input and unmappable characters; exit 1 if anything was dropped'
            cand -s 'Print no notes or summaries on standard error (errors still are)'
            cand --silent 'Print no notes or summaries on standard error (errors still are)'
            cand -v 'Name each FILE on standard error as it is converted (as iconv --verbose does); with -i, --output-dir or --check, one line per file with what became of it; with --detect, the confidence and the runners-up'
            cand --verbose 'Name each FILE on standard error as it is converted (as iconv --verbose does); with -i, --output-dir or --check, one line per file with what became of it; with --detect, the confidence and the runners-up'
            cand --add-bom 'Start the output with a byte order mark (UTF-8 with BOM, UTF-16LE with BOM, ...)'
            cand --keep-bom 'Pass a leading BOM through as U+FEFF instead of removing it'
            cand --no-mmap 'Read files with read() instead of memory-mapping them'
            cand -i 'Convert each FILE in place: written to a temporary file beside it, then renamed over it'
            cand --in-place 'Convert each FILE in place: written to a temporary file beside it, then renamed over it'
            cand --preserve-mtime 'With -i, keep each file''s modification time'
            cand -r 'Walk the directories given as FILE (with -i, --output-dir, --check or --detect)'
            cand --recursive 'Walk the directories given as FILE (with -i, --output-dir, --check or --detect)'
            cand --binary 'Convert files that look binary (a NUL byte in their first 8 KiB) instead of skipping them'
            cand --detect 'Print each FILE''s encoding and line endings, and convert nothing'
            cand --json 'With --detect, print one JSON object per line (with confidence and runners-up)'
            cand --check 'Validate only: report every ill-formed sequence, write nothing, exit 1 if any'
            cand -h 'Print help (''-h'' a summary, ''--help'' all of it; ''-?'' as iconv has it)'
            cand --help 'Print help (''-h'' a summary, ''--help'' all of it; ''-?'' as iconv has it)'
            cand --usage 'Print a short usage message, and exit'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}
