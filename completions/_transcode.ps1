
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'transcode' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'transcode'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'transcode' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (created only if the conversion succeeds) instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (created only if the conversion succeeds) instead of standard output')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What to do with ill-formed input and unmappable characters')
            [CompletionResult]::new('--unmappable', '--unmappable', [CompletionResultType]::ParameterName, 'Write each character the output encoding cannot hold as a code in FORMAT')
            [CompletionResult]::new('--unmappable-format', '--unmappable-format', [CompletionResultType]::ParameterName, 'Write each character the output encoding cannot hold by a printf template')
            [CompletionResult]::new('--byte-format', '--byte-format', [CompletionResultType]::ParameterName, 'Write each ill-formed input byte by a printf template')
            [CompletionResult]::new('--normalize', '--normalize', [CompletionResultType]::ParameterName, 'Put the text in a Unicode normalization form between decoding and encoding')
            [CompletionResult]::new('--output-dir', '--output-dir', [CompletionResultType]::ParameterName, 'Write each converted FILE under DIR, at the same relative path')
            [CompletionResult]::new('--include', '--include', [CompletionResultType]::ParameterName, 'With -r, convert only the files that match GLOB (e.g. ''*.txt''); repeatable')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'With -r, leave out files and directories that match GLOB; repeatable')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Use N cores: N files at once, or one large file split across N [default: the cores]')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Use N cores: N files at once, or one large file split across N [default: the cores]')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'With --check, report at most N problems per file')
            [CompletionResult]::new('--newline', '--newline', [CompletionResultType]::ParameterName, 'Convert line endings to lf, crlf or cr (on characters, so UTF-16 works too)')
            [CompletionResult]::new('--buffer-size', '--buffer-size', [CompletionResultType]::ParameterName, 'glibc iconv''s test option for the size of its output buffer: accepted so that its scripts run, and without effect (transcode''s output does not depend on its buffers)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Encoding of the input; ''auto'' reads a BOM, then tries UTF-8, then guesses')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Encoding of the input; ''auto'' reads a BOM, then tries UTF-8, then guesses')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Encoding of the output; LABEL//IGNORE means the same as -c')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Encoding of the output; LABEL//IGNORE means the same as -c')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'List every encoding with its aliases, and exit')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List every encoding with its aliases, and exit')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Drop ill-formed input and unmappable characters; exit 1 if anything was dropped')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Print no notes or summaries on standard error (errors still are)')
            [CompletionResult]::new('--silent', '--silent', [CompletionResultType]::ParameterName, 'Print no notes or summaries on standard error (errors still are)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Name each FILE on standard error as it is converted (as iconv --verbose does); with -i, --output-dir or --check, one line per file with what became of it; with --detect, the confidence and the runners-up')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Name each FILE on standard error as it is converted (as iconv --verbose does); with -i, --output-dir or --check, one line per file with what became of it; with --detect, the confidence and the runners-up')
            [CompletionResult]::new('--add-bom', '--add-bom', [CompletionResultType]::ParameterName, 'Start the output with a byte order mark (UTF-8 with BOM, UTF-16LE with BOM, ...)')
            [CompletionResult]::new('--keep-bom', '--keep-bom', [CompletionResultType]::ParameterName, 'Pass a leading BOM through as U+FEFF instead of removing it')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files with read() instead of memory-mapping them')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Convert each FILE in place: written to a temporary file beside it, then renamed over it')
            [CompletionResult]::new('--in-place', '--in-place', [CompletionResultType]::ParameterName, 'Convert each FILE in place: written to a temporary file beside it, then renamed over it')
            [CompletionResult]::new('--preserve-mtime', '--preserve-mtime', [CompletionResultType]::ParameterName, 'With -i, keep each file''s modification time')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Walk the directories given as FILE (with -i, --output-dir, --check or --detect)')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Walk the directories given as FILE (with -i, --output-dir, --check or --detect)')
            [CompletionResult]::new('--binary', '--binary', [CompletionResultType]::ParameterName, 'Convert files that look binary (a NUL byte in their first 8 KiB) instead of skipping them')
            [CompletionResult]::new('--detect', '--detect', [CompletionResultType]::ParameterName, 'Print each FILE''s encoding and line endings, and convert nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'With --detect, print one JSON object per line (with confidence and runners-up)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Validate only: report every ill-formed sequence, write nothing, exit 1 if any')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (''-h'' a summary, ''--help'' all of it; ''-?'' as iconv has it)')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (''-h'' a summary, ''--help'' all of it; ''-?'' as iconv has it)')
            [CompletionResult]::new('--usage', '--usage', [CompletionResultType]::ParameterName, 'Print a short usage message, and exit')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
