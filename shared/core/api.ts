/** The version both APIs report (v1 envelope `api_version`, GET /api and /api/health). */
export const API_VERSION = '1.0';
