module.exports = { plugins: { autoprefixer: {} } };
