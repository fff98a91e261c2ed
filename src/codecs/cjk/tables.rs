//! The CJK mapping tables, generated from data/cjk/*.txt by `cjk/generate.rs` (do not
//! edit; regenerate with `TRANSCODE_REGENERATE=1 cargo test --lib cjk::generate`). Where
//! each table comes from, its version and licence: data/cjk/README.md and each file's
//! header.

#![forbid(unsafe_code)]

use super::table::{DbcsTables, Table};

/// KS X 1001 (94×94), from `ksx1001.txt`.
pub static KSX1001: Table = Table {
    cells: include_bytes!("tables/ksx1001.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// JIS X 0208 (94×94), from `jisx0208.txt`.
pub static JISX0208: Table = Table {
    cells: include_bytes!("tables/jisx0208.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// JIS X 0212 (94×94), from `jisx0212.txt`.
pub static JISX0212: Table = Table {
    cells: include_bytes!("tables/jisx0212.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// JIS X 0213:2004, planes 1 and 2 (94×94 each): `jisx0208.txt` with the plane-1 rows of `jisx0213.txt` over it, and its plane-2 rows.
pub static JISX0213: Table = Table {
    cells: include_bytes!("tables/jisx0213.bin"),
    wide: true,
    decode_only: &[],
    sequences: &[('か', '\u{309a}'), ('き', '\u{309a}'), ('く', '\u{309a}'), ('け', '\u{309a}'), ('こ', '\u{309a}'), ('カ', '\u{309a}'), ('キ', '\u{309a}'), ('ク', '\u{309a}'), ('ケ', '\u{309a}'), ('コ', '\u{309a}'), ('セ', '\u{309a}'), ('ツ', '\u{309a}'), ('ト', '\u{309a}'), ('ㇷ', '\u{309a}'), ('æ', '\u{300}'), ('ɔ', '\u{300}'), ('ɔ', '\u{301}'), ('ʌ', '\u{300}'), ('ʌ', '\u{301}'), ('ə', '\u{300}'), ('ə', '\u{301}'), ('ɚ', '\u{300}'), ('ɚ', '\u{301}'), ('˩', '˥'), ('˥', '˩')],
};

/// CNS 11643 planes 1–7 and 15 (94×94 each, in that order), from `cns11643.txt`.
pub static CNS11643: Table = Table {
    cells: include_bytes!("tables/cns11643.bin"),
    wide: true,
    decode_only: &[17695],
    sequences: &[],
};

/// ISO-IR-165 where it differs from GB 2312 (94×94; 0 = as GB 2312), from `isoir165.txt`.
pub static ISOIR165: Table = Table {
    cells: include_bytes!("tables/isoir165.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// ISO-IR-165 as libiconv's charset of that name has it (94×94), from `isoir165-libiconv.txt`.
pub static ISOIR165_LIBICONV: Table = Table {
    cells: include_bytes!("tables/isoir165_libiconv.bin"),
    wide: false,
    decode_only: &[658, 659, 660, 661, 662, 663, 664, 665, 666, 667, 668, 669, 670, 671, 672, 673, 674, 675, 676, 677, 678, 679, 680, 681, 682, 683, 684, 685, 686, 687, 688, 689, 966, 971],
    sequences: &[],
};

/// BIG5-2003 double-byte codes, Big5 layout, from `big5-2003.txt`.
pub static BIG5_2003: Table = Table {
    cells: include_bytes!("tables/big5_2003.bin"),
    wide: false,
    decode_only: &[18992, 18993, 18994, 18995],
    sequences: &[],
};

/// Big5-HKSCS (HKSCS-2008) double-byte codes, Big5 layout, from `big5hkscs.txt`.
pub static BIG5HKSCS: Table = Table {
    cells: include_bytes!("tables/big5hkscs.bin"),
    wide: true,
    decode_only: &[5180, 5181, 5243, 5244, 5245, 5246, 5247, 5248, 5249, 5250, 5287, 5289],
    sequences: &[('Ê', '\u{304}'), ('Ê', '\u{30c}'), ('ê', '\u{304}'), ('ê', '\u{30c}')],
};

/// CP950 double-byte codes, Big5 layout, from `cp950.txt`.
pub static CP950: Table = Table {
    cells: include_bytes!("tables/cp950.bin"),
    wide: false,
    decode_only: &[5247, 5248, 5249, 5250, 5287, 5289, 18992, 18993, 18994, 18995],
    sequences: &[],
};

/// CP932 double-byte codes, Shift_JIS layout: `jisx0208.txt` through the Shift_JIS transform, `cp932.txt` over it, and the user-defined area F040..F9FC as U+E000..U+E757.
pub static CP932: Table = Table {
    cells: include_bytes!("tables/cp932.bin"),
    wide: false,
    decode_only: &[1207, 1208, 1209, 1212, 1213, 1214, 1217, 1218, 1219, 8272, 8273, 8274, 8275, 8276, 8277, 8278, 8279, 8280, 8281, 8282, 8283, 8284, 8285, 8286, 8287, 8288, 8289, 8290, 8291, 8292, 8293, 8294, 8295, 8296, 8297, 8298, 8299, 8300, 8301, 8302, 8303, 8304, 8305, 8306, 8307, 8308, 8309, 8310, 8311, 8312, 8313, 8314, 8315, 8316, 8317, 8318, 8319, 8320, 8321, 8322, 8323, 8324, 8325, 8326, 8327, 8328, 8329, 8330, 8331, 8332, 8333, 8334, 8335, 8336, 8337, 8338, 8339, 8340, 8341, 8342, 8343, 8344, 8345, 8346, 8347, 8348, 8349, 8350, 8351, 8352, 8353, 8354, 8355, 8356, 8357, 8358, 8359, 8360, 8361, 8362, 8363, 8364, 8365, 8366, 8367, 8368, 8369, 8370, 8371, 8372, 8373, 8374, 8375, 8376, 8377, 8378, 8379, 8380, 8381, 8382, 8383, 8384, 8385, 8386, 8387, 8388, 8389, 8390, 8391, 8392, 8393, 8394, 8395, 8396, 8397, 8398, 8399, 8400, 8401, 8402, 8403, 8404, 8405, 8406, 8407, 8408, 8409, 8410, 8411, 8412, 8413, 8414, 8415, 8416, 8417, 8418, 8419, 8420, 8421, 8422, 8423, 8424, 8425, 8426, 8427, 8428, 8429, 8430, 8431, 8432, 8433, 8434, 8435, 8436, 8437, 8438, 8439, 8440, 8441, 8442, 8443, 8444, 8445, 8446, 8447, 8448, 8449, 8450, 8451, 8452, 8453, 8454, 8455, 8456, 8457, 8458, 8459, 8460, 8461, 8462, 8463, 8464, 8465, 8466, 8467, 8468, 8469, 8470, 8471, 8472, 8473, 8474, 8475, 8476, 8477, 8478, 8479, 8480, 8481, 8482, 8483, 8484, 8485, 8486, 8487, 8488, 8489, 8490, 8491, 8492, 8493, 8494, 8495, 8496, 8497, 8498, 8499, 8500, 8501, 8502, 8503, 8504, 8505, 8506, 8507, 8508, 8509, 8510, 8511, 8512, 8513, 8514, 8515, 8516, 8517, 8518, 8519, 8520, 8521, 8522, 8523, 8524, 8525, 8526, 8527, 8528, 8529, 8530, 8531, 8532, 8533, 8534, 8535, 8536, 8537, 8538, 8539, 8540, 8541, 8542, 8543, 8544, 8545, 8546, 8547, 8548, 8549, 8550, 8551, 8552, 8553, 8554, 8555, 8556, 8557, 8558, 8559, 8560, 8561, 8562, 8563, 8564, 8565, 8566, 8567, 8568, 8569, 8570, 8571, 8572, 8573, 8574, 8575, 8576, 8577, 8578, 8579, 8580, 8581, 8582, 8583, 8584, 8585, 8586, 8587, 8588, 8589, 8590, 8591, 8592, 8593, 8594, 8595, 8596, 8597, 8598, 8599, 8600, 8601, 8602, 8603, 8604, 8605, 8606, 8607, 8608, 8609, 8610, 8611, 8612, 8613, 8614, 8615, 8616, 8617, 8618, 8619, 8620, 8621, 8622, 8623, 8624, 8625, 8626, 8627, 8628, 8629, 8630, 8631, 8634, 8635, 8636, 8637, 8638, 8639, 8640, 8641, 8642, 8643, 8644, 8645, 8646, 8647, 10726, 10727, 10728, 10729, 10730, 10731, 10732, 10733, 10734, 10735, 10736, 10740, 10741, 10742, 10743],
    sequences: &[],
};

/// EUC-JP-MS, code sets 1 and 3 as planes 1 and 2 (94×94 each), from `eucjp-ms.txt`.
pub static EUCJPMS: Table = Table {
    cells: include_bytes!("tables/eucjpms.bin"),
    wide: false,
    decode_only: &[1207, 1208, 1209, 1212, 1213, 1214, 1217, 1218, 1219, 8952, 9010, 16636, 16637, 16638, 16639, 16640, 16641, 16642, 16643, 16644, 16645, 16648, 16649, 16650],
    sequences: &[],
};

/// IBM932 double-byte codes, Shift_JIS layout, from `ibm932.txt`.
pub static IBM932: Table = Table {
    cells: include_bytes!("tables/ibm932.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM930's single bytes (0x00 left out), from `ibm930.txt`.
pub static IBM930_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm930_single.bin"),
    wide: false,
    decode_only: &[160, 178],
    sequences: &[],
};

/// IBM930's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm930.txt`.
pub static IBM930_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm930_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM939's single bytes (0x00 left out), from `ibm939.txt`.
pub static IBM939_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm939_single.bin"),
    wide: false,
    decode_only: &[161, 224],
    sequences: &[],
};

/// IBM933's single bytes (0x00 left out), from `ibm933.txt`.
pub static IBM933_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm933_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM933's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm933.txt`.
pub static IBM933_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm933_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM935's single bytes (0x00 left out), from `ibm935.txt`.
pub static IBM935_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm935_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM935's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm935.txt`.
pub static IBM935_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm935_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM937's single bytes (0x00 left out), from `ibm937.txt`.
pub static IBM937_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm937_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM937's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm937.txt`.
pub static IBM937_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm937_double.bin"),
    wide: false,
    decode_only: &[965, 967, 1529, 1533, 1535, 1537, 1538, 1539, 1540, 1544, 1545, 1546, 1547, 1549, 1550, 1552, 1553, 1555, 1557, 1558, 1559, 1560, 1561, 1563, 1564, 1565, 1566, 1568, 1569, 1570, 1571, 1572, 1573, 1575, 1576, 1577, 1578, 1582, 1583, 1584, 1587, 1588, 1589, 1590, 1591, 1593, 1595, 1596, 1597, 1598, 1600, 1601, 1602, 1603, 1604, 1605, 1606, 1607, 1608, 1609, 1610, 1611, 1612, 1613, 1614, 1615, 1616, 1617, 1618, 1619, 1620, 1621, 1622, 1623, 1624, 1625, 1626, 1627, 1628, 1629, 1630, 1631, 1634, 1635, 1636, 1637, 1638, 1639, 1640, 1641, 1642, 1643, 1644, 1645, 1646, 1647, 1648, 1649, 1650, 1651, 1652, 1653, 1654, 1655, 1656, 1657, 1658, 1659, 1660, 1661, 1662, 1663, 1664, 1665, 1666, 1667, 1668, 1669, 1670, 1671, 1672, 1673, 1674, 1675, 1676, 1677, 1678, 1679, 1680, 1681, 1682, 1683, 1684, 1685, 1686, 1687, 1688, 1689, 1691, 1692, 1693, 1694, 1695, 1696, 1697, 1698, 1700, 1701, 1702, 1703, 1704, 1705, 1706, 1707, 1708, 1709, 1710, 1711, 1712, 1713, 1714, 1715, 1716, 1717, 1720, 1721, 1722, 1723, 1724, 1725, 1726, 1727, 1728, 1729, 1730, 1731, 1732, 1733, 1734, 1735, 1736, 1737, 1738, 1739, 1740, 1741, 1742, 1743, 1744],
    sequences: &[],
};

/// IBM1364's single bytes (0x00 left out), from `ibm1364.txt`.
pub static IBM1364_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm1364_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM1364's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm1364.txt`.
pub static IBM1364_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm1364_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM1371's single bytes (0x00 left out), from `ibm1371.txt`.
pub static IBM1371_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm1371_single.bin"),
    wide: false,
    decode_only: &[224],
    sequences: &[],
};

/// IBM1371's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm1371.txt`.
pub static IBM1371_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm1371_double.bin"),
    wide: false,
    decode_only: &[965, 967, 1435, 1529, 1533, 1535, 1537, 1538, 1539, 1540, 1544, 1545, 1546, 1547, 1549, 1550, 1552, 1553, 1555, 1557, 1558, 1559, 1560, 1561, 1563, 1564, 1565, 1566, 1568, 1569, 1570, 1571, 1572, 1573, 1575, 1576, 1577, 1578, 1582, 1583, 1584, 1587, 1588, 1589, 1590, 1591, 1593, 1595, 1596, 1597, 1598, 1600, 1601, 1602, 1603, 1604, 1605, 1606, 1607, 1608, 1609, 1610, 1611, 1612, 1613, 1614, 1615, 1616, 1617, 1618, 1619, 1620, 1621, 1622, 1623, 1624, 1625, 1626, 1627, 1628, 1629, 1630, 1631, 1634, 1635, 1636, 1637, 1638, 1639, 1640, 1641, 1642, 1643, 1644, 1645, 1646, 1647, 1648, 1649, 1650, 1651, 1652, 1653, 1654, 1655, 1656, 1657, 1658, 1659, 1660, 1661, 1662, 1663, 1664, 1665, 1666, 1667, 1668, 1669, 1670, 1671, 1672, 1673, 1674, 1675, 1676, 1677, 1678, 1679, 1680, 1681, 1682, 1683, 1684, 1685, 1686, 1687, 1688, 1689, 1691, 1692, 1693, 1694, 1695, 1696, 1697, 1698, 1700, 1701, 1702, 1703, 1704, 1705, 1706, 1707, 1708, 1709, 1710, 1711, 1712, 1713, 1714, 1715, 1716, 1717, 1720, 1721, 1722, 1723, 1724, 1725, 1726, 1727, 1728, 1729, 1730, 1731, 1732, 1733, 1734, 1735, 1736, 1737, 1738, 1739, 1740, 1741, 1742, 1743, 1744],
    sequences: &[],
};

/// IBM1388's single bytes (0x00 left out), from `ibm1388.txt`.
pub static IBM1388_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm1388_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM1388's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm1388.txt`.
pub static IBM1388_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm1388_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// IBM1390's single bytes (0x00 left out), from `ibm1390.txt`.
pub static IBM1390_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm1390_single.bin"),
    wide: false,
    decode_only: &[87, 89, 106, 156, 202, 203, 204, 205, 206, 207, 218, 219, 220, 221, 222, 223, 234, 235, 236, 237, 238, 239, 250, 251, 252, 253, 254],
    sequences: &[],
};

/// IBM1390's two-byte double-byte codes, between SO and SI (leads and trails 0x40..=0xFE), from `ibm1390.txt`.
pub static IBM1390_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ibm1390_double.bin"),
    wide: true,
    decode_only: &[543],
    sequences: &[('か', '\u{309a}'), ('き', '\u{309a}'), ('く', '\u{309a}'), ('け', '\u{309a}'), ('こ', '\u{309a}'), ('カ', '\u{309a}'), ('キ', '\u{309a}'), ('ク', '\u{309a}'), ('ケ', '\u{309a}'), ('コ', '\u{309a}'), ('セ', '\u{309a}'), ('ツ', '\u{309a}'), ('ト', '\u{309a}'), ('ㇷ', '\u{309a}'), ('æ', '\u{300}'), ('ɔ', '\u{300}'), ('ɔ', '\u{301}'), ('ʌ', '\u{300}'), ('ʌ', '\u{301}'), ('ə', '\u{300}'), ('ə', '\u{301}'), ('ɚ', '\u{300}'), ('ɚ', '\u{301}'), ('˩', '˥'), ('˥', '˩')],
};

/// IBM1399's single bytes (0x00 left out), from `ibm1399.txt`.
pub static IBM1399_SINGLE: Table = Table {
    cells: include_bytes!("tables/ibm1399_single.bin"),
    wide: false,
    decode_only: &[65, 106, 128, 144, 202, 203, 204, 205, 206, 207, 218, 219, 220, 221, 222, 223, 234, 235, 236, 237, 238, 239, 250, 251, 252, 253, 254],
    sequences: &[],
};

/// ISO6937's single bytes (0x00 left out), from `iso6937.txt`.
pub static ISO6937_SINGLE: Table = Table {
    cells: include_bytes!("tables/iso6937_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// ISO6937's two-byte codes of a prefix (0xC0..=0xCF, 256 bytes after each), from `iso6937.txt`.
pub static ISO6937_DOUBLE: Table = Table {
    cells: include_bytes!("tables/iso6937_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// ISO6937_2's single bytes (0x00 left out), from `iso6937-2.txt`.
pub static ISO6937_2_SINGLE: Table = Table {
    cells: include_bytes!("tables/iso6937_2_single.bin"),
    wide: false,
    decode_only: &[35, 36],
    sequences: &[],
};

/// ISO6937_2's two-byte codes of a prefix (0xC0..=0xCF, 256 bytes after each), from `iso6937-2.txt`.
pub static ISO6937_2_DOUBLE: Table = Table {
    cells: include_bytes!("tables/iso6937_2_double.bin"),
    wide: false,
    decode_only: &[1056],
    sequences: &[],
};

/// T61_8BIT's single bytes (0x00 left out), from `t.61-8bit.txt`.
pub static T61_8BIT_SINGLE: Table = Table {
    cells: include_bytes!("tables/t61_8bit_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// T61_8BIT's two-byte codes of a prefix (0xC0..=0xCF, 256 bytes after each), from `t.61-8bit.txt`.
pub static T61_8BIT_DOUBLE: Table = Table {
    cells: include_bytes!("tables/t61_8bit_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// ANSI_X3_110's single bytes (0x00 left out), from `ansi_x3.110.txt`.
pub static ANSI_X3_110_SINGLE: Table = Table {
    cells: include_bytes!("tables/ansi_x3_110_single.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// ANSI_X3_110's two-byte codes of a prefix (0xC0..=0xCF, 256 bytes after each), from `ansi_x3.110.txt`.
pub static ANSI_X3_110_DOUBLE: Table = Table {
    cells: include_bytes!("tables/ansi_x3_110_double.bin"),
    wide: false,
    decode_only: &[],
    sequences: &[],
};

/// Big5-HKSCS single bytes above 0x7F, from `big5hkscs.txt`.
pub static BIG5HKSCS_SINGLE: &[(u8, char)] = &[(128, '\u{80}')];

/// CP950 single bytes above 0x7F, from `cp950.txt`.
pub static CP950_SINGLE: &[(u8, char)] = &[(128, '\u{80}'), (255, '\u{f8f8}')];

/// The indexes in `JISX0213` of the ten plane-1 cells JIS X 0213:2004 added (flag `2004`).
pub static JISX0213_2004: &[u32] = &[1222, 1409, 4375, 4417, 7808, 8831, 8832, 8833, 8834, 8835];

/// IBM930's tables, from `ibm930.txt`.
pub static IBM930: DbcsTables = DbcsTables {
    single: &IBM930_SINGLE,
    double: &IBM930_DOUBLE,
    encode_only: &[('\\', 91), ('~', 161), ('―', 17482), ('∥', 17532), ('俠', 21228), ('剝', 21633), ('啞', 21716), ('嚙', 21629), ('囊', 20880), ('塡', 20318), ('屛', 21571), ('屢', 21952), ('搔', 21667), ('摑', 21709), ('攢', 23410), ('栅', 20977), ('梎', 23550), ('潑', 21754), ('瀆', 21840), ('焰', 21486), ('瘦', 21668), ('禱', 21843), ('簞', 21706), ('繈', 24817), ('繡', 21210), ('繫', 21363), ('腁', 25008), ('荆', 21427), ('萊', 21193), ('蔣', 21496), ('蟬', 21480), ('蠟', 21153), ('軀', 21331), ('醬', 20607), ('醱', 20986), ('頰', 20147), ('頹', 26312), ('顚', 21953), ('驒', 21466), ('鷗', 21604), ('鹼', 19581), ('麴', 21089), ('麵', 21855), ('\u{f86f}', 17518), ('－', 16992), ('～', 17313)],
};

/// IBM939's tables, from `ibm939.txt`.
pub static IBM939: DbcsTables = DbcsTables {
    single: &IBM939_SINGLE,
    double: &IBM930_DOUBLE,
    encode_only: &[('\\', 178), ('~', 160), ('―', 17482), ('∥', 17532), ('俠', 21228), ('剝', 21633), ('啞', 21716), ('嚙', 21629), ('囊', 20880), ('塡', 20318), ('屛', 21571), ('屢', 21952), ('搔', 21667), ('摑', 21709), ('攢', 23410), ('栅', 20977), ('梎', 23550), ('潑', 21754), ('瀆', 21840), ('焰', 21486), ('瘦', 21668), ('禱', 21843), ('簞', 21706), ('繈', 24817), ('繡', 21210), ('繫', 21363), ('腁', 25008), ('荆', 21427), ('萊', 21193), ('蔣', 21496), ('蟬', 21480), ('蠟', 21153), ('軀', 21331), ('醬', 20607), ('醱', 20986), ('頰', 20147), ('頹', 26312), ('顚', 21953), ('驒', 21466), ('鷗', 21604), ('鹼', 19581), ('麴', 21089), ('麵', 21855), ('\u{f86f}', 17518), ('－', 16992), ('～', 17313), ('￤', 17002)],
};

/// IBM933's tables, from `ibm933.txt`.
pub static IBM933: DbcsTables = DbcsTables {
    single: &IBM933_SINGLE,
    double: &IBM933_DOUBLE,
    encode_only: &[('\u{ad}', 16712), ('·', 16707), ('―', 16713), ('∼', 17057), ('⊙', 18799), ('～', 18772)],
};

/// IBM935's tables, from `ibm935.txt`.
pub static IBM935: DbcsTables = DbcsTables {
    single: &IBM935_SINGLE,
    double: &IBM935_DOUBLE,
    encode_only: &[('·', 17221), ('—', 17482)],
};

/// IBM937's tables, from `ibm937.txt`.
pub static IBM937: DbcsTables = DbcsTables {
    single: &IBM937_SINGLE,
    double: &IBM937_DOUBLE,
    encode_only: &[('¯', 17057), ('–', 17482), ('∣', 16975), ('彝', 25952), ('～', 17313)],
};

/// IBM1364's tables, from `ibm1364.txt`.
pub static IBM1364: DbcsTables = DbcsTables {
    single: &IBM1364_SINGLE,
    double: &IBM1364_DOUBLE,
    encode_only: &[('\u{ad}', 16712), ('·', 16707), ('―', 16713), ('∼', 17057), ('⊙', 18799), ('～', 18772)],
};

/// IBM1371's tables, from `ibm1371.txt`.
pub static IBM1371: DbcsTables = DbcsTables {
    single: &IBM1371_SINGLE,
    double: &IBM1371_DOUBLE,
    encode_only: &[('\\', 91), ('¯', 17057), ('–', 17482), ('∣', 16975), ('彝', 25952), ('～', 17313)],
};

/// IBM1388's tables, from `ibm1388.txt`.
pub static IBM1388: DbcsTables = DbcsTables {
    single: &IBM1388_SINGLE,
    double: &IBM1388_DOUBLE,
    encode_only: &[('・', 17221)],
};

/// IBM1390's tables, from `ibm1390.txt`.
pub static IBM1390: DbcsTables = DbcsTables {
    single: &IBM1390_SINGLE,
    double: &IBM1390_DOUBLE,
    encode_only: &[('栅', 20977), ('梎', 23550), ('繈', 24817), ('腁', 25008), ('荆', 21427), ('頹', 26312), ('\u{f86f}', 17518)],
};

/// IBM1399's tables, from `ibm1399.txt`.
pub static IBM1399: DbcsTables = DbcsTables {
    single: &IBM1399_SINGLE,
    double: &IBM1390_DOUBLE,
    encode_only: &[('栅', 20977), ('梎', 23550), ('繈', 24817), ('腁', 25008), ('荆', 21427), ('頹', 26312), ('\u{f86f}', 17518)],
};

/// ISO6937's tables, from `iso6937.txt`.
pub static ISO6937: DbcsTables = DbcsTables {
    single: &ISO6937_SINGLE,
    double: &ISO6937_DOUBLE,
    encode_only: &[],
};

/// ISO6937_2's tables, from `iso6937-2.txt`.
pub static ISO6937_2: DbcsTables = DbcsTables {
    single: &ISO6937_2_SINGLE,
    double: &ISO6937_2_DOUBLE,
    encode_only: &[],
};

/// T61_8BIT's tables, from `t.61-8bit.txt`.
pub static T61_8BIT: DbcsTables = DbcsTables {
    single: &T61_8BIT_SINGLE,
    double: &T61_8BIT_DOUBLE,
    encode_only: &[],
};

/// ANSI_X3_110's tables, from `ansi_x3.110.txt`.
pub static ANSI_X3_110: DbcsTables = DbcsTables {
    single: &ANSI_X3_110_SINGLE,
    double: &ANSI_X3_110_DOUBLE,
    encode_only: &[],
};

/// EUC-JP-MS's encoder-only rows: a character and the bytes written for it, from `eucjp-ms.txt`.
pub static EUCJPMS_ENCODE_ONLY: &[(char, &[u8])] = &[('¢', &[161, 241]), ('£', &[161, 242]), ('¥', &[92]), ('¦', &[143, 162, 195]), ('¬', &[162, 204]), ('—', &[161, 189]), ('‖', &[161, 194]), ('‾', &[126]), ('−', &[161, 221]), ('〜', &[161, 193])];

/// The Big5-HKSCS codes the later editions added: the index in `BIG5HKSCS` and the edition, from `hkscs-editions.txt`.
pub static HKSCS_ADDED: &[(u32, u16)] = &[(942, 2004), (943, 2004), (944, 2004), (945, 2004), (946, 2004), (947, 2004), (948, 2004), (949, 2004), (950, 2004), (951, 2004), (952, 2004), (953, 2004), (954, 2004), (955, 2004), (956, 2004), (957, 2004), (958, 2004), (959, 2004), (960, 2004), (961, 2004), (962, 2004), (963, 2004), (964, 2004), (965, 2004), (966, 2004), (967, 2004), (968, 2004), (969, 2004), (970, 2004), (971, 2004), (972, 2004), (973, 2004), (974, 2004), (975, 2004), (976, 2004), (977, 2004), (978, 2004), (979, 2004), (981, 2004), (982, 2004), (983, 2004), (984, 2004), (985, 2004), (986, 2004), (987, 2004), (988, 2004), (989, 2004), (990, 2004), (991, 2004), (992, 2004), (993, 2004), (994, 2004), (995, 2004), (996, 2004), (997, 2004), (998, 2004), (999, 2004), (1000, 2008), (1001, 2008), (1002, 2008), (1003, 2008), (1004, 2008), (1005, 2008), (1006, 2008), (1007, 2008), (1008, 2008), (1009, 2008), (1010, 2008), (1011, 2008), (1012, 2008), (1013, 2008), (1014, 2008), (1015, 2008), (1016, 2008), (1017, 2008), (1018, 2008), (1019, 2008), (1020, 2008), (1021, 2008), (1022, 2008), (1023, 2008), (1024, 2008), (1025, 2008), (1026, 2008), (1027, 2008), (1028, 2008), (1029, 2008), (1030, 2008), (1031, 2008), (1032, 2008), (1033, 2008), (1034, 2008), (1035, 2008), (1036, 2008), (1037, 2008), (1038, 2008), (1039, 2008), (1040, 2008), (1041, 2008), (1042, 2008), (1043, 2008), (1044, 2008), (1045, 2008), (1046, 2008), (1047, 2008), (1048, 2008), (1049, 2008), (1050, 2008), (1051, 2008), (1052, 2008), (1053, 2008), (1054, 2008), (1055, 2008), (1056, 2008), (1057, 2008), (1058, 2008), (1059, 2008), (1060, 2008), (1061, 2008), (1062, 2008), (1063, 2008), (1064, 2008), (1065, 2008), (1066, 2008), (1067, 2008), (1727, 2001), (1728, 2001), (1729, 2001), (1730, 2001), (1731, 2001), (1732, 2001), (1733, 2001), (1734, 2001), (1735, 2001), (1736, 2001), (1737, 2001), (1738, 2001), (1739, 2001), (1740, 2001), (1741, 2001), (1742, 2001), (1743, 2001), (1744, 2001), (1745, 2001), (1746, 2001), (1747, 2001), (1748, 2001), (1749, 2001), (1750, 2001), (1751, 2001), (1752, 2001), (1753, 2001), (1754, 2001), (1755, 2001), (1756, 2001), (1757, 2001), (1758, 2001), (1759, 2001), (1760, 2001), (1761, 2004), (1762, 2001), (1763, 2001), (1764, 2001), (1765, 2001), (1766, 2001), (1767, 2001), (1768, 2001), (1769, 2001), (1770, 2001), (1771, 2001), (1772, 2001), (1773, 2001), (1774, 2001), (1775, 2001), (1776, 2001), (1777, 2001), (1778, 2001), (1779, 2001), (1780, 2001), (1781, 2001), (1782, 2001), (1783, 2001), (1784, 2001), (1785, 2001), (1786, 2001), (1787, 2001), (1788, 2001), (1789, 2001), (1790, 2001), (1791, 2001), (1792, 2001), (1793, 2001), (1794, 2001), (1796, 2001), (1797, 2001), (1798, 2001), (1799, 2001), (1800, 2001), (1801, 2001), (1802, 2001), (1803, 2001), (1804, 2001), (1805, 2001), (1806, 2001), (1807, 2001), (1808, 2001), (1809, 2001), (1810, 2001), (1811, 2001), (1812, 2001), (1813, 2001), (1814, 2001), (1815, 2001), (1816, 2001), (1817, 2001), (1818, 2001), (1819, 2001), (1820, 2001), (1821, 2001), (1822, 2001), (1823, 2001), (1824, 2001), (1825, 2001), (1826, 2001), (1830, 2001), (1831, 2001), (1832, 2001), (1833, 2001), (1835, 2001), (1836, 2001), (1837, 2001), (1838, 2001), (1839, 2001), (1840, 2001), (1841, 2001), (1842, 2001), (1843, 2001), (1844, 2001), (1845, 2001), (1846, 2001), (1847, 2001), (1848, 2004), (1849, 2001), (1850, 2004), (1851, 2004), (1852, 2004), (1853, 2004), (1854, 2004), (1855, 2004), (1856, 2004), (1857, 2004), (1859, 2004), (1860, 2004), (1861, 2004), (1862, 2004), (1863, 2004), (1864, 2004), (1865, 2004), (1866, 2004), (1867, 2004), (1868, 2004), (1869, 2004), (1870, 2004), (1871, 2004), (1872, 2004), (1873, 2004), (1874, 2004), (1875, 2004), (1876, 2004), (1877, 2004), (1878, 2004), (1879, 2004), (1880, 2004), (1881, 2004), (1882, 2004), (1883, 2004), (1884, 2004), (1886, 2004), (1887, 2004), (1888, 2004), (1889, 2004), (1890, 2004), (1891, 2004), (1892, 2004), (1893, 2004), (1894, 2004), (1895, 2004), (1896, 2004), (1897, 2004), (1898, 2004), (1899, 2004), (1900, 2004), (1901, 2004), (1902, 2004), (1903, 2004), (1904, 2004), (1905, 2004), (1906, 2004), (1907, 2004), (1908, 2004), (1909, 2004), (1910, 2004), (1911, 2004), (1912, 2004), (1913, 2004), (1914, 2004), (1915, 2004)];

/// IBM932 single bytes that are not ASCII, from `ibm932.txt`.
pub static IBM932_SINGLE: &[(u8, char)] = &[(26, '\u{1c}'), (28, '\u{7f}'), (127, '\u{1a}'), (161, '｡'), (162, '｢'), (163, '｣'), (164, '､'), (165, '･'), (166, 'ｦ'), (167, 'ｧ'), (168, 'ｨ'), (169, 'ｩ'), (170, 'ｪ'), (171, 'ｫ'), (172, 'ｬ'), (173, 'ｭ'), (174, 'ｮ'), (175, 'ｯ'), (176, 'ｰ'), (177, 'ｱ'), (178, 'ｲ'), (179, 'ｳ'), (180, 'ｴ'), (181, 'ｵ'), (182, 'ｶ'), (183, 'ｷ'), (184, 'ｸ'), (185, 'ｹ'), (186, 'ｺ'), (187, 'ｻ'), (188, 'ｼ'), (189, 'ｽ'), (190, 'ｾ'), (191, 'ｿ'), (192, 'ﾀ'), (193, 'ﾁ'), (194, 'ﾂ'), (195, 'ﾃ'), (196, 'ﾄ'), (197, 'ﾅ'), (198, 'ﾆ'), (199, 'ﾇ'), (200, 'ﾈ'), (201, 'ﾉ'), (202, 'ﾊ'), (203, 'ﾋ'), (204, 'ﾌ'), (205, 'ﾍ'), (206, 'ﾎ'), (207, 'ﾏ'), (208, 'ﾐ'), (209, 'ﾑ'), (210, 'ﾒ'), (211, 'ﾓ'), (212, 'ﾔ'), (213, 'ﾕ'), (214, 'ﾖ'), (215, 'ﾗ'), (216, 'ﾘ'), (217, 'ﾙ'), (218, 'ﾚ'), (219, 'ﾛ'), (220, 'ﾜ'), (221, 'ﾝ'), (222, '\u{ff9e}'), (223, '\u{ff9f}')];

/// IBM932's bytes below 0x80 that are not ASCII, a bit each.
pub const IBM932_NOT_ASCII: u128 = 0x80000000000000000000000014000000;

/// IBM932's encoder-only rows, from `ibm932.txt`.
pub static IBM932_ENCODE_ONLY: &[(char, u16)] = &[('¢', 128), ('£', 160), ('¥', 92), ('¬', 253), ('―', 33116), ('‾', 126), ('↕', 18), ('↵', 27), ('∥', 33121), ('═', 6), ('║', 5), ('╔', 1), ('╗', 2), ('╚', 3), ('╝', 4), ('╠', 25), ('╣', 23), ('╦', 22), ('╩', 21), ('╬', 16), ('░', 26), ('▓', 20), ('☼', 15), ('〿', 11), ('俠', 35744), ('剝', 38029), ('啞', 34976), ('嚙', 35482), ('囊', 37976), ('塡', 37717), ('屛', 39840), ('屢', 36550), ('搔', 37246), ('摑', 37581), ('攢', 40375), ('栅', 36338), ('梎', 40596), ('潑', 38060), ('瀆', 37824), ('焰', 35211), ('瘦', 37257), ('禱', 37784), ('簞', 37468), ('繈', 58233), ('繡', 36682), ('繫', 35953), ('腁', 58437), ('荆', 35956), ('萊', 38793), ('蔣', 36819), ('蟬', 37092), ('蠟', 39000), ('軀', 35819), ('醬', 36829), ('醱', 38062), ('頰', 38506), ('頹', 59638), ('顚', 37726), ('驒', 37323), ('鷗', 35240), ('鹼', 36018), ('麴', 36237), ('麵', 38603), ('\u{f86f}', 64089), ('－', 33148), ('～', 33120), ('￤', 64085), ('￨', 29), ('￩', 31), ('￪', 28), ('￫', 30), ('￬', 7), ('￭', 14), ('￮', 9)];

/// EUC-JP-MS single bytes above 0x7F (C1 controls), from `eucjp-ms.txt`.
pub static EUCJPMS_SINGLE: &[(u8, char)] = &[(128, '\u{80}'), (129, '\u{81}'), (130, '\u{82}'), (131, '\u{83}'), (132, '\u{84}'), (133, '\u{85}'), (134, '\u{86}'), (135, '\u{87}'), (136, '\u{88}'), (137, '\u{89}'), (138, '\u{8a}'), (139, '\u{8b}'), (140, '\u{8c}'), (141, '\u{8d}'), (144, '\u{90}'), (145, '\u{91}'), (146, '\u{92}'), (147, '\u{93}'), (148, '\u{94}'), (149, '\u{95}'), (150, '\u{96}'), (151, '\u{97}'), (152, '\u{98}'), (153, '\u{99}'), (154, '\u{9a}'), (155, '\u{9b}'), (156, '\u{9c}'), (157, '\u{9d}'), (158, '\u{9e}'), (159, '\u{9f}')];
