"""The 13 short texts of the "issue28" set (issue 19), written for this project.

Licence: the project's own (MIT OR Apache-2.0).  Each entry: file name, encoding
(canonical, see labels.py), language, newline, text.  The cp437 menu uses the
box-drawing characters of CP437; the GB18030 text has characters outside GBK
(CJK Extension B, Tibetan, Uyghur), so that its encoding has four-byte sequences.
"""

ISSUE_TEXTS = [
    (
        "zh-en.utf16le", "utf-16-le", "zh", "\r\n",
        "会议纪要 Meeting notes\n"
        "日期：2024年3月5日 Date: 5 March 2024\n"
        "议题：新版本发布计划，测试进度，文档翻译。\n"
        "结论：下周三发布，请各组在周一前提交变更说明。\n",
    ),
    (
        "zh-en.utf16be", "utf-16-be", "zh", "\n",
        "产品说明书\n"
        "型号：TX-200 无线路由器 (Wireless router)\n"
        "使用前请仔细阅读本说明书，并妥善保管。\n"
        "电源：12V 1A，工作温度：0℃～40℃。\n",
    ),
    (
        "en.utf16le", "utf-16-le", "en", "\r\n",
        "Inventory report, warehouse B\n"
        "Item 4417: 120 boxes of printer paper, 3 pallets\n"
        "Item 5020: 48 toner cartridges (black), reorder at 20\n"
        "Checked by: J. Miller, 14 February\n",
    ),
    (
        "ru.cp1251", "cp1251", "ru", "\r\n",
        "Уважаемые коллеги!\n"
        "Совещание по итогам квартала переносится на пятницу, 15 часов.\n"
        "Просьба подготовить отчёты о продажах и прислать их до четверга.\n"
        "С уважением, отдел кадров.\n",
    ),
    (
        "ru.koi8r", "koi8-r", "ru", "\n",
        "Здравствуйте, Иван Петрович!\n"
        "Высылаю вам исправленный договор поставки. Обратите внимание на пункт 4:\n"
        "сроки оплаты теперь тридцать дней с момента получения товара.\n"
        "Жду вашего ответа.\n",
    ),
    (
        "ru.cp866", "cp866", "ru", "\r\n",
        "ГЛАВНОЕ МЕНЮ\n"
        "1. Ввод данных о сотрудниках\n"
        "2. Расчёт заработной платы\n"
        "3. Печать ведомости\n"
        "0. Выход из программы\n",
    ),
    (
        "ru.iso88595", "iso8859-5", "ru", "\n",
        "Инструкция по установке\n"
        "Распакуйте архив в любой каталог и запустите файл setup.\n"
        "Программа сама найдёт необходимые библиотеки.\n"
        "При ошибке обратитесь в службу поддержки.\n",
    ),
    (
        "de.cp1252", "cp1252", "de", "\r\n",
        "Sehr geehrte Damen und Herren,\n"
        "vielen Dank für Ihre Bestellung vom 3. März. Die Ware wird übermorgen\n"
        "ausgeliefert; die Rechnung über 249,90 € liegt bei.\n"
        "Mit freundlichen Grüßen – Ihr Kundenservice\n",
    ),
    (
        "fr.cp1252", "cp1252", "fr", "\r\n",
        "Compte rendu de la réunion\n"
        "Présents : Hélène, François, Jérôme et Zoë.\n"
        "« Le budget prévu pour l’été sera révisé », a précisé la trésorière.\n"
        "Prochaine séance : le 12 décembre à 14 h.\n",
    ),
    (
        "de.cp850", "cp850", "de", "\r\n",
        "Lagerbestand Übersicht\n"
        "Artikel     Menge  Preis\n"
        "Schrauben     500  12,50 DM\n"
        "Dübel         250   8,75 DM\n"
        "Größe und Gewicht prüfen, Änderungen an Frau Müller melden.\n",
    ),
    (
        "menu.cp437", "cp437", "en", "\r\n",
        "╔══════════════════════════════╗\n"
        "║      MAIN MENU  v2.1         ║\n"
        "╠══════════════════════════════╣\n"
        "║  1. Run report               ║\n"
        "║  2. Setup ░░▒▒▓▓             ║\n"
        "║  3. Quit                     ║\n"
        "╚══════════════════════════════╝\n",
    ),
    (
        "zh.gb18030", "gb18030", "zh", "\n",
        "户籍登记表\n"
        "姓名：𠮷祥  民族：藏族\n"
        "藏文姓名：བཀྲ་ཤིས་\n"
        "维吾尔文地址：ئۈرۈمچى شەھىرى\n"
        "备注：身份证号码已核对。\n",
    ),
    (
        "multi.utf8", "utf-8", "fr", "\n",
        "Liste des participants – Teilnehmerliste\n"
        "Zoë Lefèvre (Genève), Jürgen Groß (München)\n"
        "Søren Ødegård (Tromsø), Łukasz Wróbel (Kraków)\n"
        "Frais d’inscription : 120 €\n",
    ),
]
