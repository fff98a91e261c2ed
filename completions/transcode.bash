_transcode() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="transcode"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        transcode)
            opts="-l -o -c -s -i -r -j -f -t -h -V --list --output --silent --errors --add-bom --keep-bom --no-mmap --in-place --preserve-mtime --output-dir --recursive --include --exclude --binary --jobs --detect --json --verbose --check --max-errors --newline --from --to --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                -o)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "strict replace escape" -- "${cur}"))
                    return 0
                    ;;
                --output-dir)
                    COMPREPLY=()
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o plusdirs
                    fi
                    return 0
                    ;;
                --include)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-errors)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --newline)
                    COMPREPLY=($(compgen -W "keep lf crlf cr" -- "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "auto UTF-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 cp65001 UTF-16 utf16 unicode UTF-16LE utf16le unicodefeff UTF-16BE utf16be unicodefffe UCS-2 ucs2 iso-10646-ucs-2 csunicode UCS-2LE ucs2le UCS-2BE ucs2be UTF-32 utf32 UCS-4 ucs4 iso-10646-ucs-4 UTF-32LE utf32le UCS-4LE UTF-32BE utf32be UCS-4BE ISO-8859-1 latin1 l1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 iso-ir-100 cp819 ibm819 csisolatin1 US-ASCII ascii ansi_x3.4-1968 iso646-us us cp367 ibm367 csascii GB2312 EUC-CN CP20936 euccn csgb2312 gb_2312 gb_2312-80 iso-ir-58 csiso58gb231280 chinese GBK CP936 MS936 windows-936 x-gbk GB18030 CP54936 windows-54936 Big5 CP950 big5-hkscs cn-big5 csbig5 x-x-big5 Shift_JIS CP932 csshiftjis ms932 ms_kanji shift-jis sjis windows-31j x-sjis EUC-KR CP949 UHC cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 IBM866 866 cp866 csibm866 ISO-8859-2 csisolatin2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 ISO-8859-3 csisolatin3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 ISO-8859-4 csisolatin4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 ISO-8859-5 csisolatincyrillic cyrillic iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 ISO-8859-6 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 ISO-8859-7 csisolatingreek ecma-118 elot_928 greek greek8 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek ISO-8859-8 csiso88598e csisolatinhebrew hebrew iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual ISO-8859-8-I csiso88598i logical ISO-8859-10 csisolatin6 iso-ir-157 iso8859-10 iso885910 l6 latin6 ISO-8859-13 iso8859-13 iso885913 ISO-8859-14 iso8859-14 iso885914 ISO-8859-15 csisolatin9 iso8859-15 iso885915 iso_8859-15 l9 ISO-8859-16 KOI8-R cskoi8r koi koi8 koi8_r KOI8-U koi8-ru macintosh csmacintosh mac x-mac-roman windows-874 dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-1250 cp1250 x-cp1250 windows-1251 cp1251 x-cp1251 windows-1252 cp1252 x-cp1252 windows-1253 cp1253 x-cp1253 windows-1254 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 x-cp1254 windows-1255 cp1255 x-cp1255 windows-1256 cp1256 x-cp1256 windows-1257 cp1257 x-cp1257 windows-1258 cp1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian EUC-JP cseucpkdfmtjapanese x-euc-jp ISO-2022-JP csiso2022jp x-user-defined" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto UTF-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 cp65001 UTF-16 utf16 unicode UTF-16LE utf16le unicodefeff UTF-16BE utf16be unicodefffe UCS-2 ucs2 iso-10646-ucs-2 csunicode UCS-2LE ucs2le UCS-2BE ucs2be UTF-32 utf32 UCS-4 ucs4 iso-10646-ucs-4 UTF-32LE utf32le UCS-4LE UTF-32BE utf32be UCS-4BE ISO-8859-1 latin1 l1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 iso-ir-100 cp819 ibm819 csisolatin1 US-ASCII ascii ansi_x3.4-1968 iso646-us us cp367 ibm367 csascii GB2312 EUC-CN CP20936 euccn csgb2312 gb_2312 gb_2312-80 iso-ir-58 csiso58gb231280 chinese GBK CP936 MS936 windows-936 x-gbk GB18030 CP54936 windows-54936 Big5 CP950 big5-hkscs cn-big5 csbig5 x-x-big5 Shift_JIS CP932 csshiftjis ms932 ms_kanji shift-jis sjis windows-31j x-sjis EUC-KR CP949 UHC cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 IBM866 866 cp866 csibm866 ISO-8859-2 csisolatin2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 ISO-8859-3 csisolatin3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 ISO-8859-4 csisolatin4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 ISO-8859-5 csisolatincyrillic cyrillic iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 ISO-8859-6 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 ISO-8859-7 csisolatingreek ecma-118 elot_928 greek greek8 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek ISO-8859-8 csiso88598e csisolatinhebrew hebrew iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual ISO-8859-8-I csiso88598i logical ISO-8859-10 csisolatin6 iso-ir-157 iso8859-10 iso885910 l6 latin6 ISO-8859-13 iso8859-13 iso885913 ISO-8859-14 iso8859-14 iso885914 ISO-8859-15 csisolatin9 iso8859-15 iso885915 iso_8859-15 l9 ISO-8859-16 KOI8-R cskoi8r koi koi8 koi8_r KOI8-U koi8-ru macintosh csmacintosh mac x-mac-roman windows-874 dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-1250 cp1250 x-cp1250 windows-1251 cp1251 x-cp1251 windows-1252 cp1252 x-cp1252 windows-1253 cp1253 x-cp1253 windows-1254 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 x-cp1254 windows-1255 cp1255 x-cp1255 windows-1256 cp1256 x-cp1256 windows-1257 cp1257 x-cp1257 windows-1258 cp1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian EUC-JP cseucpkdfmtjapanese x-euc-jp ISO-2022-JP csiso2022jp x-user-defined" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "UTF-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 cp65001 UTF-16 utf16 unicode UTF-16LE utf16le unicodefeff UTF-16BE utf16be unicodefffe UCS-2 ucs2 iso-10646-ucs-2 csunicode UCS-2LE ucs2le UCS-2BE ucs2be UTF-32 utf32 UCS-4 ucs4 iso-10646-ucs-4 UTF-32LE utf32le UCS-4LE UTF-32BE utf32be UCS-4BE ISO-8859-1 latin1 l1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 iso-ir-100 cp819 ibm819 csisolatin1 US-ASCII ascii ansi_x3.4-1968 iso646-us us cp367 ibm367 csascii GB2312 EUC-CN CP20936 euccn csgb2312 gb_2312 gb_2312-80 iso-ir-58 csiso58gb231280 chinese GBK CP936 MS936 windows-936 x-gbk GB18030 CP54936 windows-54936 Big5 CP950 big5-hkscs cn-big5 csbig5 x-x-big5 Shift_JIS CP932 csshiftjis ms932 ms_kanji shift-jis sjis windows-31j x-sjis EUC-KR CP949 UHC cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 IBM866 866 cp866 csibm866 ISO-8859-2 csisolatin2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 ISO-8859-3 csisolatin3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 ISO-8859-4 csisolatin4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 ISO-8859-5 csisolatincyrillic cyrillic iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 ISO-8859-6 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 ISO-8859-7 csisolatingreek ecma-118 elot_928 greek greek8 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek ISO-8859-8 csiso88598e csisolatinhebrew hebrew iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual ISO-8859-8-I csiso88598i logical ISO-8859-10 csisolatin6 iso-ir-157 iso8859-10 iso885910 l6 latin6 ISO-8859-13 iso8859-13 iso885913 ISO-8859-14 iso8859-14 iso885914 ISO-8859-15 csisolatin9 iso8859-15 iso885915 iso_8859-15 l9 ISO-8859-16 KOI8-R cskoi8r koi koi8 koi8_r KOI8-U koi8-ru macintosh csmacintosh mac x-mac-roman windows-874 dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-1250 cp1250 x-cp1250 windows-1251 cp1251 x-cp1251 windows-1252 cp1252 x-cp1252 windows-1253 cp1253 x-cp1253 windows-1254 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 x-cp1254 windows-1255 cp1255 x-cp1255 windows-1256 cp1256 x-cp1256 windows-1257 cp1257 x-cp1257 windows-1258 cp1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian EUC-JP cseucpkdfmtjapanese x-euc-jp ISO-2022-JP csiso2022jp x-user-defined" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "UTF-8 utf8 unicode-1-1-utf-8 unicode11utf8 unicode20utf8 x-unicode20utf8 cp65001 UTF-16 utf16 unicode UTF-16LE utf16le unicodefeff UTF-16BE utf16be unicodefffe UCS-2 ucs2 iso-10646-ucs-2 csunicode UCS-2LE ucs2le UCS-2BE ucs2be UTF-32 utf32 UCS-4 ucs4 iso-10646-ucs-4 UTF-32LE utf32le UCS-4LE UTF-32BE utf32be UCS-4BE ISO-8859-1 latin1 l1 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 iso-ir-100 cp819 ibm819 csisolatin1 US-ASCII ascii ansi_x3.4-1968 iso646-us us cp367 ibm367 csascii GB2312 EUC-CN CP20936 euccn csgb2312 gb_2312 gb_2312-80 iso-ir-58 csiso58gb231280 chinese GBK CP936 MS936 windows-936 x-gbk GB18030 CP54936 windows-54936 Big5 CP950 big5-hkscs cn-big5 csbig5 x-x-big5 Shift_JIS CP932 csshiftjis ms932 ms_kanji shift-jis sjis windows-31j x-sjis EUC-KR CP949 UHC cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949 IBM866 866 cp866 csibm866 ISO-8859-2 csisolatin2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2 ISO-8859-3 csisolatin3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3 ISO-8859-4 csisolatin4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4 ISO-8859-5 csisolatincyrillic cyrillic iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988 ISO-8859-6 arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987 ISO-8859-7 csisolatingreek ecma-118 elot_928 greek greek8 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek ISO-8859-8 csiso88598e csisolatinhebrew hebrew iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual ISO-8859-8-I csiso88598i logical ISO-8859-10 csisolatin6 iso-ir-157 iso8859-10 iso885910 l6 latin6 ISO-8859-13 iso8859-13 iso885913 ISO-8859-14 iso8859-14 iso885914 ISO-8859-15 csisolatin9 iso8859-15 iso885915 iso_8859-15 l9 ISO-8859-16 KOI8-R cskoi8r koi koi8 koi8_r KOI8-U koi8-ru macintosh csmacintosh mac x-mac-roman windows-874 dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-1250 cp1250 x-cp1250 windows-1251 cp1251 x-cp1251 windows-1252 cp1252 x-cp1252 windows-1253 cp1253 x-cp1253 windows-1254 cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 x-cp1254 windows-1255 cp1255 x-cp1255 windows-1256 cp1256 x-cp1256 windows-1257 cp1257 x-cp1257 windows-1258 cp1258 x-cp1258 x-mac-cyrillic x-mac-ukrainian EUC-JP cseucpkdfmtjapanese x-euc-jp ISO-2022-JP csiso2022jp x-user-defined" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _transcode -o nosort -o bashdefault -o default transcode
else
    complete -F _transcode -o bashdefault -o default transcode
fi
