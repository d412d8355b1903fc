#pragma once
// Deterministic JSON text: keys in insertion order, two-space indentation, and any array or
// object that fits in kWidth columns written on one line. The same value always gives the same
// bytes, so a regenerated package can be compared with the committed one byte for byte.
#include <string>

#include <boost/json/value.hpp>

namespace srd5e {

inline constexpr std::size_t kWidth = 110;

/// The text of `v`, ending with a newline.
std::string to_text(const boost::json::value& v);

/// A number written with at most four decimals and no exponent ("0.125", "3", "-2.5").
std::string number_text(double d);

}  // namespace srd5e
