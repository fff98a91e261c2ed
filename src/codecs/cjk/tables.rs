//! The CJK mapping tables, generated from data/cjk/*.txt by `cjk/generate.rs` (do not
//! edit; regenerate with `TRANSCODE_REGENERATE=1 cargo test --lib cjk::generate`). Where
//! each table comes from, its version and licence: data/cjk/README.md and each file's
//! header.

#![forbid(unsafe_code)]

use super::table::Table;

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

/// Big5-HKSCS single bytes above 0x7F, from `big5hkscs.txt`.
pub static BIG5HKSCS_SINGLE: &[(u8, char)] = &[(128, '\u{80}')];

/// CP950 single bytes above 0x7F, from `cp950.txt`.
pub static CP950_SINGLE: &[(u8, char)] = &[(128, '\u{80}'), (255, '\u{f8f8}')];

/// The indexes in `JISX0213` of the ten plane-1 cells JIS X 0213:2004 added (flag `2004`).
pub static JISX0213_2004: &[u32] = &[1222, 1409, 4375, 4417, 7808, 8831, 8832, 8833, 8834, 8835];
